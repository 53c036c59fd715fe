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
export function ContactCalls({
  contactId,
  headingLevel = 3,
}: {
  contactId: number;
  /** 2 on the contact's own page, 3 inside its details dialog. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const calls = trpc.admin.booking.list.useQuery({ contactId, limit: 20 });
  const items = calls.data?.items ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby={`calls-${contactId}`} className="mt-4">
      <Heading id={`calls-${contactId}`} className="mb-2 text-sm font-semibold text-slate-900">
        Booked Calls
      </Heading>
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
