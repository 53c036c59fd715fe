import { BookingCard } from '../booking/booking-card';
import { PageHero } from '../components/page-hero';
import { PublicLayout } from '../layout/public-layout';
import { ContactForm } from '../sections/contact-form';
import { ContactInfo } from '../sections/contact-info';

export function ContactPage() {
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Contact"
        title="Book Your Strategy Call"
        intro="Tell us about your pipeline. In 30 minutes we will show a live agent on your use case and project the meetings and savings you can expect."
      />
      <section aria-label="Contact form and details" className="bg-slate-50 py-16">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-3 lg:px-8">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
            <h2 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
              Tell us about your team
            </h2>
            <ContactForm />
          </div>
          <div className="space-y-6">
            <BookingCard />
            <ContactInfo />
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
