import { ctaClass } from '../components/cta-styles';
import type { CaseStudy } from '../content/marketing.types';
import { MetricRow } from '../components/metric-row';
import { TagList } from '../components/tag-list';
import { CaseStudyImage } from '../components/case-study-image';

/** A success-stories card: image, category, tags, title, details, three metrics and the modal trigger. */
export function SuccessStoryCard({ study, onOpen }: { study: CaseStudy; onOpen: () => void }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <CaseStudyImage study={study} />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">
          {study.category}
        </p>
        <TagList tags={study.tags} className="mt-3" />
        <h3 className="mt-4 text-xl font-semibold text-slate-900">{study.title}</h3>
        <p className="mt-2 flex-1 text-slate-600">{study.details}</p>
        <MetricRow
          metrics={study.metrics}
          size="sm"
          className="mt-6 grid grid-cols-3 gap-3 border-t border-slate-200 pt-4"
        />
        <button
          type="button"
          className={ctaClass('secondary', 'md', 'mt-6')}
          onClick={onOpen}
          aria-haspopup="dialog"
        >
          View Full Case Study
        </button>
      </div>
    </article>
  );
}
