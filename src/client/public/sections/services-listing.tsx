import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { ctaClass } from '../components/cta-styles';
import { PageHero } from '../components/page-hero';
import { ServiceIcon } from '../components/service-icon';
import { SERVICES } from '../content/services.content';

/** 'All Services': shown for /services and for any slug we do not know. */
export function ServicesListing() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="All Services"
        intro="AI agents for every step between a new lead and a booked meeting: outbound calling, inbound vetting, text and email follow-up, and the automation that ties them to your CRM."
      />
      <section aria-label="Service list" className="bg-slate-50 py-16">
        <ul className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
          {SERVICES.map((service) => (
            <li
              key={service.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
            >
              <div className="flex items-start gap-4">
                <ServiceIcon name={service.icon} />
                <div>
                  <h2 className="text-xl font-semibold text-slate-900">{service.title}</h2>
                  <p className="text-sm font-medium text-accent-700">
                    {service.metric.value} {service.metric.label}
                  </p>
                </div>
              </div>
              <p className="mt-4 text-slate-600">{service.description}</p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                {service.features.slice(0, 3).map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <Link
                className={ctaClass('primary', 'md', 'mt-6 self-start')}
                href={`/services/${service.id}`}
              >
                Learn More<span className="sr-only"> about {service.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
