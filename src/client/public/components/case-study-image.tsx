import type { CaseStudy } from '../content/marketing.types';

/** On a story's card, or beside the featured story at its larger size. */
const SIZES = {
  card: { width: 600, height: 340, className: 'aspect-[30/17] w-full bg-slate-100 object-cover' },
  featured: {
    width: 640,
    height: 480,
    className: 'w-full rounded-2xl border border-slate-200 shadow-lg',
  },
} as const;

/** A case study's illustration (below the fold: loaded lazily). */
export function CaseStudyImage({
  study,
  size = 'card',
}: {
  study: Pick<CaseStudy, 'image' | 'imageAlt'>;
  size?: keyof typeof SIZES;
}) {
  return (
    <img src={study.image} alt={study.imageAlt} loading="lazy" decoding="async" {...SIZES[size]} />
  );
}
