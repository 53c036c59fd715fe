import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  intro?: string;
  /** Rendered above the eyebrow, e.g. a back link. */
  before?: ReactNode;
  children?: ReactNode;
}

/** The dark hero that opens every inner page; holds the page's only h1. */
export function PageHero({ eyebrow, title, intro, before, children }: PageHeroProps) {
  return (
    <section className="hero-glow relative isolate overflow-hidden bg-ink text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        {before}
        {eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>
        )}
        <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {intro && <p className="mt-5 max-w-2xl text-lg text-slate-300">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
