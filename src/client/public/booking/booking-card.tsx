import { CalendarClock } from 'lucide-react';
import { ctaClass } from '../components/cta-styles';
import { useBookingLink } from './booking-link';

/** Beside the contact form after a submission: the way to book the call right away. */
export function BookingCard() {
  const url = useBookingLink();
  if (!url) return null;
  return (
    <section
      aria-labelledby="booking-card-title"
      className="rounded-2xl border border-primary/30 bg-white p-6 shadow-sm"
    >
      <CalendarClock className="size-8 text-primary" aria-hidden />
      <h2 id="booking-card-title" className="mt-3 text-lg font-semibold text-slate-900">
        Pick a time for your strategy call
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Choose a time that suits you and get the invitation straight away.
      </p>
      <a href={url} className={`${ctaClass('primary')} mt-4 w-full justify-center`}>
        Pick a time
      </a>
    </section>
  );
}
