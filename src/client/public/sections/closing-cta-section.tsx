import { Link } from 'wouter';
import { ctaClass } from '../components/cta-styles';

interface ClosingCtaProps {
  title: string;
  body: string;
  action?: string;
}

/** The dark call-to-action band that ends most pages; always leads to /contact. */
export function ClosingCtaSection({
  title,
  body,
  action = 'Book a Strategy Call',
}: ClosingCtaProps) {
  return (
    <section aria-labelledby="cta-title" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="hero-glow relative isolate overflow-hidden rounded-3xl bg-ink px-6 py-14 text-center sm:px-12">
          <h2
            id="cta-title"
            className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{body}</p>
          <Link className={ctaClass('primary', 'lg', 'mt-8')} href="/contact">
            {action}
          </Link>
        </div>
      </div>
    </section>
  );
}
