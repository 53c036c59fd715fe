import { CheckCircle2, TrendingUp, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { BackLink } from '../components/back-link';
import { ctaClass } from '../components/cta-styles';
import { ServiceIcon } from '../components/service-icon';
import type { Service } from '../content/marketing.types';
import { IconList } from '../components/icon-list';

function CheckList({
  title,
  items,
  icon: Icon,
}: {
  title: string;
  items: string[];
  icon: LucideIcon;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <IconList items={items} variant="feature" icon={Icon} />
    </div>
  );
}

export function ServiceDetail({ service }: { service: Service }) {
  return (
    <>
      <section className="hero-glow relative isolate overflow-hidden bg-ink text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <BackLink href="/services">Back to Services</BackLink>
          <div className="mt-8">
            <ServiceIcon name={service.icon} className="size-14 bg-white/10 text-accent" />
          </div>
          <h1 className="mt-5 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {service.title}
          </h1>
          <p className="mt-5 max-w-3xl text-xl text-slate-200">{service.description}</p>
          <p className="mt-6 inline-flex rounded-full border border-white/15 bg-white/5 px-4 py-1.5 text-sm font-semibold">
            <span className="text-accent">{service.metric.value}</span>&nbsp;{service.metric.label}
          </p>
        </div>
      </section>
      <div className="bg-slate-50 py-16">
        <div className="mx-auto max-w-7xl space-y-12 px-4 sm:px-6 lg:px-8">
          <p className="max-w-4xl text-lg text-slate-700">{service.detailedDescription}</p>
          <div className="grid gap-6 lg:grid-cols-2">
            <CheckList title="Key Features" items={service.features} icon={CheckCircle2} />
            <CheckList title="Benefits" items={service.benefits} icon={TrendingUp} />
          </div>
          <section aria-labelledby="how-title">
            <h2 id="how-title" className="text-3xl font-bold tracking-tight text-slate-900">
              How It Works
            </h2>
            <ol className="mt-8 grid gap-6 md:grid-cols-3">
              {service.howItWorks.map((step) => (
                <li
                  key={step.step}
                  className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
                >
                  <span className="text-4xl font-bold text-primary" aria-hidden>
                    {step.step}
                  </span>
                  <h3 className="mt-3 text-lg font-semibold text-slate-900">
                    <span className="sr-only">Step {step.step}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 text-slate-600">{step.description}</p>
                </li>
              ))}
            </ol>
          </section>
          <section
            aria-labelledby="ready-title"
            className="hero-glow relative isolate overflow-hidden rounded-3xl bg-ink p-8 text-center sm:p-12"
          >
            <h2 id="ready-title" className="text-3xl font-bold tracking-tight text-white">
              Ready to Get Started?
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-300">
              In 30 minutes we map your funnel, demo {service.title} on your use case and project
              the meetings you can expect.
            </p>
            <Link className={ctaClass('primary', 'lg', 'mt-8')} href="/contact">
              Book Your Strategy Call
            </Link>
          </section>
        </div>
      </div>
    </>
  );
}
