import { Link } from 'wouter';
import { BOOKING_STATUS_LABELS, type TBookingStatus } from '../../../shared/booking.schema';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { trpc } from '../../lib/trpc';
import { formatDateTime } from '../lib/format';

const TONES: Record<TBookingStatus, BadgeTone> = {
  confirmed: 'indigo',
  cancelled: 'gray',
  completed: 'green',
  no_show: 'yellow',
};

/** The contact's booked calls, soonest first (nothing while it has none). */
export function ContactCalls({ contactId }: { contactId: number }) {
  const calls = trpc.admin.booking.list.useQuery({ contactId, limit: 20 });
  const items = calls.data?.items ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby={`calls-${contactId}`} className="mt-4">
      <h3 id={`calls-${contactId}`} className="mb-2 text-sm font-semibold text-slate-900">
        Booked Calls
      </h3>
      <ul className="space-y-2">
        {items.map((call) => (
          <li
            key={call.id}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <span className="font-medium text-slate-900">{formatDateTime(call.startsAt)}</span>
            <Badge tone={TONES[call.status]}>{BOOKING_STATUS_LABELS[call.status]}</Badge>
            <Link href="/meetings" className="ml-auto text-primary hover:underline">
              Meetings
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
