import { useId, useState } from 'react';
import type { TBookingListItem } from '../../../shared/booking.schema';
import { Button } from '../../components/ui/button';
import { FIELD_CLASS } from '../../components/ui/control-styles';
import { DialogFooter } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { dayLabel, timeLabel } from '../../lib/call-times';
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
  const dayId = useId();
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
          <div>
            <Label htmlFor={dayId}>Day</Label>
            <select
              id={dayId}
              className={FIELD_CLASS}
              value={shown.date}
              onChange={(e) => {
                setDate(e.target.value);
                setStartsAt(null);
              }}
            >
              {days.map((d) => (
                <option key={d.date} value={d.date}>
                  {dayLabel(d.date)}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-900">Time</legend>
            <div className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4">
              {shown.slots.map((s) => (
                <label
                  key={s.startsAt}
                  className="cursor-pointer rounded-lg border border-slate-300 px-2 py-2 text-center text-sm font-medium text-slate-800 has-checked:border-primary has-checked:bg-primary has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-primary"
                >
                  <input
                    type="radio"
                    name="reschedule-time"
                    className="sr-only"
                    checked={startsAt === s.startsAt}
                    onChange={() => setStartsAt(s.startsAt)}
                  />
                  {timeLabel(s.startsAt, zone)}
                </label>
              ))}
            </div>
          </fieldset>
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
