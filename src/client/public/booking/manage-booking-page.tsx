import { useEffect, useState } from 'react';
import type { TBooking } from '../../../shared/booking.schema';
import { apiRequest, errorMessage } from '../../lib/api-request';
import { browserTimeZone } from '../../lib/call-times';
import { toast } from '../../lib/use-toast';
import { ctaClass } from '../components/cta-styles';
import { PageHero } from '../components/page-hero';
import { PublicLayout } from '../layout/public-layout';
import { BookingSummary } from './booking-summary';
import { SlotPicker, type SlotChoice } from './slot-picker';

/** /booking/{manageToken}: the lead sees their call, moves it or cancels it, without signing in. */
export function ManageBookingPage({ manageToken }: { manageToken: string }) {
  const base = `/api/bookings/manage/${encodeURIComponent(manageToken)}`;
  const [booking, setBooking] = useState<TBooking | null>(null);
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [pending, setPending] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  useEffect(() => {
    apiRequest('GET', base)
      .then((res) => res.json() as Promise<TBooking>)
      .then(setBooking)
      .catch((err: unknown) => setError(errorMessage(err, 'This booking link is not valid.')));
  }, [base]);

  const act = async (path: string, body: object, done: string) => {
    setPending(true);
    try {
      const res = await apiRequest('POST', `${base}${path}`, body);
      setBooking((await res.json()) as TBooking);
      setMoving(false);
      toast({ title: done });
    } catch (err) {
      toast({
        title: 'Not changed',
        description: errorMessage(err, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  const reschedule = ({ startsAt, timeZone: chosenZone }: SlotChoice) => {
    setTimeZone(chosenZone);
    void act('/reschedule', { startsAt }, 'Your call was moved');
  };

  return (
    <PublicLayout>
      <PageHero eyebrow="Strategy call" title="Your booking" />
      <section className="bg-slate-50 py-12">
        <div className="mx-auto max-w-3xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {error && (
            <p role="alert" className="text-red-800">
              {error}
            </p>
          )}
          {!booking && !error && <p className="text-slate-600">Loading…</p>}
          {booking && <BookingSummary booking={booking} timeZone={timeZone} manageLink={false} />}
          {booking?.status === 'confirmed' && !moving && (
            <div className="flex flex-wrap gap-3">
              <button type="button" className={ctaClass('primary')} onClick={() => setMoving(true)}>
                Pick another time
              </button>
              {confirmingCancel ? (
                <button
                  type="button"
                  className={ctaClass('destructive')}
                  disabled={pending}
                  onClick={() => void act('/cancel', {}, 'Your call was cancelled')}
                >
                  Yes, cancel the call
                </button>
              ) : (
                <button
                  type="button"
                  className={ctaClass('secondary')}
                  onClick={() => setConfirmingCancel(true)}
                >
                  Cancel the call
                </button>
              )}
            </div>
          )}
          {booking && moving && (
            <SlotPicker
              query={`manageToken=${encodeURIComponent(manageToken)}`}
              actionLabel="Move to"
              pending={pending}
              onConfirm={reschedule}
            />
          )}
        </div>
      </section>
    </PublicLayout>
  );
}
