import { useState } from 'react';
import { BackLink } from '../components/back-link';
import { CaseStudyImage } from '../components/case-study-image';
import { LazyCaseStudyDialog } from '../components/lazy-case-study-dialog';
import { MetricRow } from '../components/metric-row';
import { MetricGrid } from '../components/metric-grid';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';
import { FEATURED_STORY, SUCCESS_STATS, SUCCESS_STORIES } from '../content/case-studies.content';
import type { CaseStudy } from '../content/marketing.types';
import { PublicLayout } from '../layout/public-layout';
import { ClosingCtaSection } from '../sections/closing-cta-section';
import { SuccessStoryCard } from '../sections/success-story-card';

export function CaseStudiesPage() {
  const [selected, setSelected] = useState<CaseStudy | null>(null);
  return (
    <PublicLayout>
      <PageHero
        before={
          <BackLink href="/" className="mb-8">
            Back to Home
          </BackLink>
        }
        eyebrow="Success stories"
        title="Real teams, real numbers: 70x more appointments booked"
        intro="How healthcare groups, software companies, security providers and builders turned AI agents into booked meetings and lower cost per appointment."
      >
        <div className="mt-12">
          <MetricGrid metrics={SUCCESS_STATS} tone="dark" />
        </div>
      </PageHero>
      <section aria-labelledby="featured-title" className="bg-white py-20">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">
              {FEATURED_STORY.eyebrow}
            </p>
            <h2
              id="featured-title"
              className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
            >
              {FEATURED_STORY.title}
            </h2>
            <p className="mt-4 text-lg text-slate-600">{FEATURED_STORY.body}</p>
            <MetricRow
              metrics={FEATURED_STORY.metrics}
              size="lg"
              className="mt-8 grid grid-cols-3 gap-4"
            />
          </div>
          <CaseStudyImage study={FEATURED_STORY} size="featured" />
        </div>
      </section>
      <PageSection
        id="stories"
        band="muted"
        eyebrow="Case studies"
        title="Three stories, in detail"
      >
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {SUCCESS_STORIES.map((study) => (
            <li key={study.id}>
              <SuccessStoryCard study={study} onOpen={() => setSelected(study)} />
            </li>
          ))}
        </ul>
      </PageSection>
      <ClosingCtaSection
        title="Be our next success story"
        body="Tell us where your pipeline leaks. We will show you the agent that fixes it and the numbers to expect."
        action="Book Your Strategy Call"
      />
      <LazyCaseStudyDialog study={selected} onClose={() => setSelected(null)} />
    </PublicLayout>
  );
}
