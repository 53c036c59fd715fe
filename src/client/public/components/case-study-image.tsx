import type { CaseStudy } from '../content/marketing.types';

/** A case study's illustration on its card (below the fold: loaded lazily). */
export function CaseStudyImage({ study }: { study: Pick<CaseStudy, 'image' | 'imageAlt'> }) {
  return (
    <img
      src={study.image}
      alt={study.imageAlt}
      width={600}
      height={340}
      loading="lazy"
      decoding="async"
      className="aspect-[30/17] w-full bg-slate-100 object-cover"
    />
  );
}
