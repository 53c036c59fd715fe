import { clsx } from 'clsx';

export interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: 'left' | 'center';
  tone?: 'light' | 'dark';
}

/** An h2 with an optional eyebrow and intro; `tone="dark"` is for ink backgrounds. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
  tone = 'light',
}: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className={clsx('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && (
        <p
          className={clsx(
            'text-sm font-semibold uppercase tracking-wider',
            dark ? 'text-accent' : 'text-accent-700',
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={clsx(
          'mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          dark ? 'text-white' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      {intro && (
        <p className={clsx('mt-4 text-lg', dark ? 'text-slate-300' : 'text-slate-600')}>{intro}</p>
      )}
    </div>
  );
}
