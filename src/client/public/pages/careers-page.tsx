import { Heart, MessagesSquare, Rocket, Target } from 'lucide-react';
import { Link } from 'wouter';
import { ctaClass } from '../components/cta-styles';
import {
  CAREER_BENEFITS,
  CAREER_VALUES,
  JOBS,
  TEAM_SIZE_STATEMENT,
} from '../content/careers.content';
import { PageHero } from '../components/page-hero';
import { IconList } from '../components/icon-list';
import { PageSection } from '../components/page-section';
import { SectionHeading } from '../components/section-heading';
import { ValueGrid } from '../components/value-grid';
import { PublicLayout } from '../layout/public-layout';
import { JobCard } from '../sections/job-card';

export function CareersPage() {
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Careers"
        title={TEAM_SIZE_STATEMENT}
        intro="We are 50+ engineers, researchers, sellers and success managers whose agents have booked over 700,000 meetings. Come build what is next."
      >
        <a className={ctaClass('primary', 'lg', 'mt-8')} href="#open-positions">
          See open positions
        </a>
      </PageHero>
      <PageSection id="values" band="white" eyebrow="How we work" title="Our values">
        <div className="mt-12">
          <ValueGrid values={CAREER_VALUES} icons={[Rocket, Target, MessagesSquare, Heart]} />
        </div>
      </PageSection>
      <PageSection id="benefits" band="muted" eyebrow="Benefits" title="What you get">
        <IconList items={CAREER_BENEFITS} variant="tiles" />
      </PageSection>
      <section
        id="open-positions"
        aria-labelledby="positions-title"
        className="scroll-mt-16 bg-white py-20"
      >
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="positions-title" eyebrow="Open positions" title="4 roles open now" />
          <ul className="mt-12 space-y-6">
            {JOBS.map((job) => (
              <li key={job.id}>
                <JobCard job={job} />
              </li>
            ))}
          </ul>
          <div className="mt-12 rounded-2xl bg-primary-50 p-8 text-center">
            <h3 className="text-xl font-semibold text-slate-900">Open application</h3>
            <p className="mt-2 text-slate-700">
              Tell us what you would build at Convoza. We read every message.
            </p>
            <Link
              href="/contact"
              className="mt-4 inline-block rounded-sm font-semibold text-primary-700 underline underline-offset-4"
            >
              Don't see your role? Get in touch
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
