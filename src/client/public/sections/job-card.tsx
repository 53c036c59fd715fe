import { Briefcase, Clock, MapPin, GraduationCap } from 'lucide-react';
import { Link } from 'wouter';
import { ctaClass } from '../components/cta-styles';
import type { Job } from '../content/marketing.types';

/** A titled list of short points inside a job card. */
function BulletList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export function JobCard({ job }: { job: Job }) {
  const facts = [
    { icon: Briefcase, label: 'Department', value: job.department },
    { icon: MapPin, label: 'Location', value: job.location },
    { icon: Clock, label: 'Type', value: job.type },
    { icon: GraduationCap, label: 'Experience', value: job.experience },
  ];
  return (
    <article
      aria-labelledby={`job-${job.id}`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h3 id={`job-${job.id}`} className="text-xl font-semibold text-slate-900">
        {job.title}
      </h3>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
        {facts.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-center gap-1.5">
            <Icon className="size-4 text-primary" aria-hidden />
            <dt className="sr-only">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-slate-700">{job.description}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <BulletList title="Requirements" items={job.requirements} />
        <BulletList title="Benefits" items={job.benefits} />
      </div>
      <Link
        className={ctaClass('primary', 'md', 'mt-6')}
        href="/contact"
        aria-label={`Apply Now for ${job.title}`}
      >
        Apply Now
      </Link>
    </article>
  );
}
