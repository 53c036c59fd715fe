import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type TBookingListItem,
  type TBookingStatus,
} from '../../../shared/booking.schema';
import { Button } from '../../components/ui/button';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { trpc } from '../../lib/trpc';
import { CardMenu } from '../components/card-menu';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FilterSelect } from '../components/filter-select';
import { LoadMore } from '../components/load-more';
import { ListPage } from '../components/list-page';
import { useTeam } from '../contacts/use-team';
import { formatLongDay, formatTime } from '../lib/format';
import { notifyWrite } from '../lib/notify';
import { BookingSettingsDialog } from './booking-settings-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { useFilter } from '../lib/use-filter';
import { memberOptions, optionsOf, withAll } from '../components/filter-options';

const STATUS_CLASSES: Record<TBookingStatus, string> = {
  confirmed: 'bg-indigo-50 text-indigo-800',
  cancelled: 'bg-slate-100 text-slate-700',
  completed: 'bg-emerald-50 text-emerald-800',
  no_show: 'bg-amber-50 text-amber-900',
};

/** Booked strategy calls by day: upcoming or past, by host and status; outcomes and cancelling. */
export function MeetingsPage() {
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [host, hostControl] = useFilter('all');
  const [status, statusControl] = useFilter('all');
  // Fixed for the screen's life: "now" moving on every render would change the query each time.
  const [now] = useState(() => new Date().toISOString());
  const { assignable, nameOf } = useTeam();
  const pages = trpc.admin.booking.list.useInfiniteQuery(
    {
      // Upcoming calls soonest first; past ones latest first, "Load more" going back in time.
      ...(when === 'upcoming' ? { from: now } : { to: now, order: 'desc' as const }),
      hostId: host === 'all' ? undefined : Number(host),
      status: BOOKING_STATUSES.find((s) => s === status),
      limit: 50,
    },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const days = groupByDay(items);
  const filtered = host !== 'all' || status !== 'all';
  const me = trpc.auth.me.useQuery();
  const isAdmin = me.data?.role === 'admin';
  const settings = trpc.admin.booking.settings.useQuery(undefined, { enabled: isAdmin });
  const [editingSettings, setEditingSettings] = useState(false);

  return (
    <>
      <ListPage
        title="Meetings"
        subtitle="Strategy calls booked by leads"
        actions={
          isAdmin && settings.data ? (
            <Button variant="secondary" onClick={() => setEditingSettings(true)}>
              <Settings aria-hidden /> Booking Settings
            </Button>
          ) : undefined
        }
        total={{ testId: 'meetings-shown', count: items.length, label: 'Shown', noun: 'calls' }}
        toolbar={
          <>
            <FilterSelect
              label="Upcoming or past"
              value={when}
              onChange={(v) => setWhen(v === 'past' ? 'past' : 'upcoming')}
              options={[
                { value: 'upcoming', label: 'Upcoming' },
                { value: 'past', label: 'Past' },
              ]}
            />
            <FilterSelect
              label="Filter by host"
              {...hostControl}
              options={withAll('All Hosts', memberOptions(assignable))}
            />
            <FilterSelect
              label="Filter by status"
              {...statusControl}
              options={withAll(
                'All Statuses',
                optionsOf(BOOKING_STATUSES, (s) => BOOKING_STATUS_LABELS[s]),
              )}
            />
          </>
        }
        query={pages}
        items="meetings"
        errorTitle="The meetings could not be loaded"
        filtered={filtered}
        empty={{
          title: when === 'upcoming' ? 'No Upcoming Calls' : 'No Past Calls',
          hint: 'Calls leads book from their booking link show here.',
        }}
        noMatch={{ title: 'No Matching Calls', hint: 'Try other filters' }}
      >
        <div className="space-y-6">
          {days.map(([day, calls]) => (
            <section key={day} aria-label={day}>
              <h2 className="mb-2 text-sm font-semibold text-slate-600">{day}</h2>
              <ul className="space-y-2">
                {calls.map((call) => (
                  <li key={call.id}>
                    <MeetingCard call={call} hostName={nameOf(call.hostId) ?? 'A former user'} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <LoadMore pages={pages} />
      </ListPage>
      {/* Beside the list, not in it: an empty list shows its empty state instead of its
          children, and the settings must open before the first call is booked. */}
      {editingSettings && settings.data && (
        <BookingSettingsDialog settings={settings.data} onClose={() => setEditingSettings(false)} />
      )}
    </>
  );
}

function groupByDay(calls: TBookingListItem[]): [string, TBookingListItem[]][] {
  const days = new Map<string, TBookingListItem[]>();
  for (const call of calls) {
    const day = formatLongDay(call.startsAt);
    days.set(day, [...(days.get(day) ?? []), call]);
  }
  return [...days];
}

function MeetingCard({ call, hostName }: { call: TBookingListItem; hostName: string }) {
  const utils = trpc.useUtils();
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const refresh = () => utils.admin.booking.list.invalidate();
  const outcome = trpc.admin.booking.setOutcome.useMutation(
    notifyWrite('Call updated', 'Failed to update the call', refresh),
  );
  const cancel = trpc.admin.booking.cancel.useMutation(
    notifyWrite('Call cancelled', 'Failed to cancel the call', refresh),
  );
  const started = new Date(call.startsAt) <= new Date();
  const open = call.status === 'confirmed';

  return (
    // One row from the sm breakpoint; on a phone the lead goes under the time and the status.
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white p-4">
      <div className="w-24 shrink-0 text-sm font-semibold text-slate-900">
        {formatTime(call.startsAt)}
        <span className="block text-xs font-normal text-slate-500">
          to {formatTime(call.endsAt)}
        </span>
      </div>
      <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
        <Link
          href={`/contacts?contact=${call.contactId}`}
          className="font-medium text-slate-900 hover:text-primary"
        >
          {call.contact.name}
        </Link>
        <p className="truncate text-sm text-slate-600">
          {call.contact.email} · with {hostName}
        </p>
      </div>
      <div className="ml-auto flex items-center gap-2">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[call.status]}`}
        >
          {BOOKING_STATUS_LABELS[call.status]}
        </span>
        {open && (
          <CardMenu label={`Actions for the call with ${call.contact.name}`}>
            {started ? (
              <>
                <DropdownMenuItem
                  onSelect={() => outcome.mutate({ id: call.id, status: 'completed' })}
                >
                  Mark completed
                </DropdownMenuItem>
                <DropdownMenuItem
                  onSelect={() => outcome.mutate({ id: call.id, status: 'no_show' })}
                >
                  Mark no-show
                </DropdownMenuItem>
              </>
            ) : (
              <>
                <DropdownMenuItem onSelect={() => setMoving(true)}>Move the call</DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setCancelling(true)}>
                  Cancel the call
                </DropdownMenuItem>
              </>
            )}
          </CardMenu>
        )}
      </div>
      {moving && <RescheduleDialog call={call} onClose={() => setMoving(false)} />}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel this call?"
        description={`The call with ${call.contact.name} on ${formatLongDay(call.startsAt)} at ${formatTime(call.startsAt)} is cancelled; the lead may book again.`}
        confirmLabel="Cancel the call"
        onConfirm={() => cancel.mutate({ id: call.id })}
      />
    </div>
  );
}
