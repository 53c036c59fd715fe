import { ABOUT_VALUES, IMPACT_STATS, MISSION } from '../content/about.content';
import { MetricGrid } from '../components/metric-grid';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';
import { ValueGrid } from '../components/value-grid';
import { PublicLayout } from '../layout/public-layout';
import { AboutTeamSection } from '../sections/about-team-section';
import { AboutTimelineSection } from '../sections/about-timeline-section';
import { ClosingCtaSection } from '../sections/closing-cta-section';

export function AboutPage() {
  return (
    <PublicLayout>
      <PageHero
        eyebrow="About Convoza"
        title="We build AI agents that give sales teams their time back"
        intro="Since 2019 we have helped 500+ companies answer every lead, book more meetings and cut the cost of each one."
      />
      <PageSection
        id="mission"
        band="white"
        eyebrow="Mission"
        title={MISSION.title}
        intro={MISSION.body}
      >
        <div className="mt-14">
          <h2 className="sr-only">Our values</h2>
          <ValueGrid values={ABOUT_VALUES} />
        </div>
      </PageSection>
      <AboutTimelineSection />
      <AboutTeamSection />
      <PageSection id="impact" band="dark" eyebrow="Impact" title="Our impact in numbers">
        <div className="mt-12">
          <MetricGrid metrics={IMPACT_STATS} tone="dark" />
        </div>
      </PageSection>
      <ClosingCtaSection
        title="See what our agents can do for your team"
        body="Book a 30-minute strategy call with our solutions team. No slides, just your funnel and a live agent."
        action="Talk to Our Team"
      />
    </PublicLayout>
  );
}
