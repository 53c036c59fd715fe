import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { ctaClass } from '../components/cta-styles';
import { MetricGrid } from '../components/metric-grid';
import { PageSection } from '../components/page-section';
import { ServiceIcon } from '../components/service-icon';
import { RESULTS_STRIP } from '../content/home.content';
import { SERVICES } from '../content/services.content';
import { FadeUpItem } from '../components/fade-up-item';

export function ServicesSection() {
  return (
    <PageSection
      id="services"
      band="muted"
      deferRender
      eyebrow="Services"
      title="Four agents, one goal: more booked meetings"
      intro="Start with the channel that leaks the most pipeline today. Add the rest when the numbers prove it."
    >
      <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {SERVICES.map((service, i) => (
          <FadeUpItem
            key={service.id}
            index={i}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <ServiceIcon name={service.icon} />
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{service.title}</h3>
            <p className="mt-3">
              <span className="text-3xl font-bold tracking-tight text-primary">
                {service.metric.value}
              </span>{' '}
              <span className="text-sm font-medium text-slate-600">{service.metric.label}</span>
            </p>
            <p className="mt-3 flex-1 text-slate-600">{service.description}</p>
            <Link
              href={`/services/${service.id}`}
              className="mt-6 inline-flex items-center gap-1 rounded-sm font-semibold text-primary hover:underline"
              aria-label={`View Details: ${service.title}`}
            >
              View Details
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </FadeUpItem>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link className={ctaClass('secondary', 'lg')} href="/services">
          View All Services
        </Link>
      </div>
      <div className="mt-16 rounded-3xl bg-ink p-6 sm:p-10">
        <h3 className="sr-only">Results across our clients</h3>
        <MetricGrid metrics={RESULTS_STRIP} tone="dark" />
      </div>
    </PageSection>
  );
}
