import { useState } from 'react';
import type { TBookingListItem } from '../../../shared/booking.schema';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { DayChoices, TimeChoices } from '../../components/slot-choices';
import { displayTimeZone } from '../lib/display-zone';
import { trpc } from '../../lib/trpc';
import { TitledDialog } from '../components/titled-dialog';
import { LoadingState } from '../components/page-states';
import { notifyError, notifySuccess } from '../lib/notify';

/** Moves a call for the lead to another free time (in the staff member's zone); the lead is emailed. */
export function RescheduleDialog({
  call,
  onClose,
}: {
  call: TBookingListItem;
  onClose: () => void;
}) {
  const zone = displayTimeZone();
  const slots = trpc.admin.booking.moveSlots.useQuery({ id: call.id, days: 14, timeZone: zone });
  const days = (slots.data?.days ?? []).filter((d) => d.slots.length);
  const [date, setDate] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const shown = days.find((d) => d.date === (date ?? days[0]?.date));
  const utils = trpc.useUtils();
  const move = trpc.admin.booking.reschedule.useMutation({
    onSuccess: () => {
      notifySuccess('Call moved: the lead gets an updated invitation');
      onClose();
    },
    onError: (e) => notifyError('The call was not moved', e),
    onSettled: () => utils.admin.booking.list.invalidate(),
  });

  return (
    <TitledDialog
      onClose={onClose}
      title={`Move the call with ${call.contact.name}`}
      description={`Free times in ${zone.replaceAll('_', ' ')}. The lead is emailed the new time.`}
    >
      {slots.isPending ? (
        <LoadingState text="Loading free times..." />
      ) : slots.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {slots.error.message}
        </p>
      ) : !shown ? (
        <p className="text-sm text-slate-600">No free time in the next two weeks.</p>
      ) : (
        <div className="space-y-4">
          <DayChoices
            name="reschedule-day"
            days={days}
            active={shown.date}
            onPick={(picked) => {
              setDate(picked);
              setStartsAt(null);
            }}
            legendClassName="text-sm font-medium text-slate-900"
          />
          <TimeChoices
            name="reschedule-time"
            day={shown}
            timeZone={zone}
            chosen={startsAt}
            onChoose={setStartsAt}
            legendClassName="text-sm font-medium text-slate-900"
            gridClassName="max-h-64 grid-cols-3 overflow-y-auto p-1 sm:grid-cols-4"
          />
        </div>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!startsAt || move.isPending}
          onClick={() => startsAt && move.mutate({ id: call.id, startsAt })}
        >
          {move.isPending ? 'Moving...' : 'Move the call'}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
