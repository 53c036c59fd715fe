import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import type { TBooking } from '../../../shared/booking.schema';
import { apiRequest, errorMessage } from '../../lib/api-request';
import { toast } from '../../lib/use-toast';
import { PageHero } from '../components/page-hero';
import { PublicLayout } from '../layout/public-layout';
import { BookingSummary } from './booking-summary';
import { SlotPicker, type SlotChoice } from './slot-picker';

/** /book/{token}: the lead picks a time for the strategy call and gets it confirmed. */
export function BookPage({ token }: { token: string }) {
  const [booked, setBooked] = useState<{ booking: TBooking; timeZone: string } | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async ({ startsAt, timeZone }: SlotChoice) => {
    setPending(true);
    try {
      const res = await apiRequest('POST', '/api/bookings', { token, startsAt, timeZone });
      setBooked({ booking: (await res.json()) as TBooking, timeZone });
    } catch (err) {
      toast({
        title: 'Not booked',
        description: errorMessage(err, 'Something went wrong. Please pick another time.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <PublicLayout>
      <PageHero
        eyebrow="Strategy call"
        title={booked ? 'Your call is booked' : 'Pick a time for your strategy call'}
        intro="A 30-minute walkthrough of a live agent on your use case, with the meetings and savings you can expect."
      />
      <section className="bg-slate-50 py-12">
        <div className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {booked ? (
            <div
              role="status"
              className="space-y-4"
              // The confirmation replaces a long list: bring it into view where the button was.
              ref={(node) => node?.scrollIntoView({ block: 'center' })}
            >
              <CalendarCheck className="size-10 text-accent-700" aria-hidden />
              <BookingSummary booking={booked.booking} timeZone={booked.timeZone} />
            </div>
          ) : (
            <SlotPicker
              query={`token=${encodeURIComponent(token)}`}
              actionLabel="Book"
              pending={pending}
              onConfirm={confirm}
            />
          )}
        </div>
      </section>
    </PublicLayout>
  );
}
