import { PageSection } from '../components/page-section';
import { TIMELINE } from '../content/about.content';

export function AboutTimelineSection() {
  return (
    <PageSection
      id="timeline"
      band="muted"
      width="4xl"
      eyebrow="Our journey"
      title="From a speech lab to 10M+ AI interactions"
    >
      <ol className="relative mt-12 space-y-8 border-l-2 border-primary/30 pl-8">
        {TIMELINE.map((item) => (
          <li key={item.year} className="relative">
            <span
              className="absolute -left-[41px] top-1 size-4 rounded-full border-4 border-slate-50 bg-primary"
              aria-hidden
            />
            <p className="text-sm font-bold text-primary">{item.year}</p>
            <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-1 text-slate-600">{item.description}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
