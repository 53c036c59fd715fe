import type { TBooking } from '../../../shared/booking.schema';
import { timeLabel } from '../../lib/call-times';

const dateLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));

/** When, with whom, and the lead's link to change it. */
export function BookingSummary({
  booking,
  timeZone,
  manageLink = true,
}: {
  booking: TBooking;
  timeZone: string;
  /** Off on the manage page itself. */
  manageLink?: boolean;
}) {
  const cancelled = booking.status === 'cancelled';
  return (
    <div className="space-y-3 text-slate-700">
      <p className="text-xl font-semibold text-slate-900">
        {dateLabel(booking.startsAt, timeZone)}, {timeLabel(booking.startsAt, timeZone)} –{' '}
        {timeLabel(booking.endsAt, timeZone)}
      </p>
      <p>
        {cancelled ? 'Cancelled. ' : ''}With {booking.host.name} ({timeZone.replaceAll('_', ' ')}
        ).
      </p>
      {!cancelled && (
        <p>
          <a
            href={`/api/bookings/manage/${booking.manageUrl.split('/').pop() ?? ''}/calendar.ics`}
            download="strategy-call.ics"
            className="font-semibold text-primary underline"
          >
            Add to calendar
          </a>{' '}
          (an .ics file for Google Calendar, Outlook or Apple Calendar).
        </p>
      )}
      {!cancelled && manageLink && (
        <p>
          Need another time?{' '}
          <a href={booking.manageUrl} className="font-semibold text-primary underline">
            Reschedule or cancel
          </a>{' '}
          from this link at any time.
        </p>
      )}
    </div>
  );
}
