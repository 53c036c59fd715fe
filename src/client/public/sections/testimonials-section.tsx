import { Star } from 'lucide-react';
import { PageSection } from '../components/page-section';
import { TESTIMONIALS } from '../content/home.content';
import { FadeUpItem } from '../components/fade-up-item';

export function TestimonialsSection() {
  return (
    <PageSection
      id="testimonials"
      band="muted"
      deferRender
      eyebrow="Testimonials"
      title="Sales leaders on working with Convoza"
    >
      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((t, i) => (
          <FadeUpItem
            key={t.name}
            index={i}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
          >
            <figure className="flex flex-1 flex-col">
              <p
                className="flex gap-1 text-amber-500"
                role="img"
                aria-label={`Rated ${t.rating} out of 5`}
              >
                {Array.from({ length: t.rating }, (_, s) => (
                  <Star key={s} className="size-5 fill-current" aria-hidden />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-lg text-slate-800">“{t.quote}”</blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <img
                  src={t.image}
                  alt={`Portrait of ${t.name}`}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded-full"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-sm text-slate-600">{t.position}</span>
                </span>
              </figcaption>
            </figure>
          </FadeUpItem>
        ))}
      </ul>
    </PageSection>
  );
}
