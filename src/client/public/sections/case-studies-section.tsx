import { useState } from 'react';
import { LazyCaseStudyDialog } from '../components/lazy-case-study-dialog';
import { SectionHeading } from '../components/section-heading';
import { HOME_CASE_STUDIES } from '../content/case-studies.content';
import type { CaseStudy } from '../content/marketing.types';
import { CaseStudyImage } from '../components/case-study-image';
import { FadeUpItem } from '../components/fade-up-item';

/** Home's six case studies; each card is one button that opens the full story. */
export function CaseStudiesSection() {
  const [selected, setSelected] = useState<CaseStudy | null>(null);
  return (
    <section
      id="case-studies"
      aria-labelledby="case-studies-title"
      className="defer-render scroll-mt-16 bg-white py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="case-studies-title"
          eyebrow="Case studies"
          title="Results our clients report, in their numbers"
          intro="Six teams, six industries. Click a story to see the challenge, the setup and the outcome."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {HOME_CASE_STUDIES.map((study, i) => (
            <FadeUpItem key={study.id} index={i}>
              <button
                type="button"
                onClick={() => setSelected(study)}
                aria-haspopup="dialog"
                className="group flex h-full w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm transition-shadow hover:shadow-lg"
              >
                <CaseStudyImage study={study} />
                <span className="flex flex-1 flex-col p-6">
                  <span className="text-sm font-semibold uppercase tracking-wider text-accent-700">
                    {study.category}
                  </span>
                  <span className="mt-2 text-lg font-semibold text-slate-900 group-hover:text-primary">
                    {study.title}
                  </span>
                  <span className="mt-2 flex-1 text-slate-600">{study.description}</span>
                  <span className="mt-4 flex gap-6">
                    {study.metrics.map((m) => (
                      <span key={m.label} className="flex flex-col">
                        <span className="text-2xl font-bold text-primary">{m.value}</span>
                        <span className="text-xs text-slate-600">{m.label}</span>
                      </span>
                    ))}
                  </span>
                  <span className="mt-4 text-sm font-semibold text-primary">
                    Read the case study →
                  </span>
                </span>
              </button>
            </FadeUpItem>
          ))}
        </ul>
      </div>
      <LazyCaseStudyDialog study={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
