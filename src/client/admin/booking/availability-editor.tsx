import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { TAvailability } from '../../../shared/booking.schema';
import { Button } from '../../components/ui/button';
import { TimeZoneSelect } from '../../components/time-zone-select';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { trpc } from '../../lib/trpc';
import { ErrorState, LoadingState } from '../components/page-states';
import { displayTimeZone } from '../lib/display-zone';
import { notifyError, notifySuccess, serverReason } from '../lib/notify';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Interval = { start: string; end: string };

/** One interval's two times, with a remove button. */
function IntervalRow({
  interval,
  label,
  onChange,
  onRemove,
}: {
  interval: Interval;
  label: string;
  onChange: (next: Interval) => void;
  onRemove: () => void;
}) {
  return (
    // Wraps on a phone: a time input will not shrink below its own fields and clock.
    <div className="flex flex-wrap items-center gap-2">
      <Input
        type="time"
        aria-label={`${label} from`}
        value={interval.start}
        onChange={(e) => onChange({ ...interval, start: e.target.value })}
        className="min-w-[8.5rem] flex-1 sm:w-32 sm:flex-none"
      />
      <span className="text-sm text-slate-600">to</span>
      <Input
        type="time"
        aria-label={`${label} to`}
        value={interval.end === '24:00' ? '23:59' : interval.end}
        onChange={(e) => onChange({ ...interval, end: e.target.value })}
        className="min-w-[8.5rem] flex-1 sm:w-32 sm:flex-none"
      />
      <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/** A list of intervals with "Add hours"; none means unavailable that day. */
function Intervals({
  intervals,
  label,
  onChange,
  emptyText,
}: {
  intervals: Interval[];
  label: string;
  onChange: (next: Interval[]) => void;
  emptyText: string;
}) {
  return (
    <div className="space-y-2">
      {intervals.length === 0 && <p className="py-2 text-sm text-slate-500">{emptyText}</p>}
      {intervals.map((interval, i) => (
        <IntervalRow
          key={i}
          interval={interval}
          label={`${label} hours ${i + 1}`}
          onChange={(next) => onChange(intervals.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(intervals.filter((_, j) => j !== i))}
        />
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange([
            ...intervals,
            intervals.length
              ? { start: intervals.at(-1)!.end, end: '17:00' }
              : { start: '09:00', end: '17:00' },
          ])
        }
      >
        <Plus aria-hidden /> Add hours<span className="sr-only"> on {label}</span>
      </Button>
    </div>
  );
}

/**
 * A user's hours for booked calls, in their own time zone: weekly hours and dated exceptions
 * (a day off, or other hours). Saved as a whole; the server names what is wrong.
 */
export function AvailabilityEditor({ userId }: { userId: number }) {
  const saved = trpc.admin.booking.availability.useQuery({ id: userId });
  if (saved.isPending) return <LoadingState text="Loading hours..." />;
  if (saved.isError)
    return <ErrorState title="Hours could not be loaded" message={saved.error.message} />;
  // Never saved: start from the browser's zone rather than UTC.
  const never = !saved.data.weekly.length && !saved.data.overrides.length;
  return (
    <HoursForm
      userId={userId}
      initial={never ? { ...saved.data, timeZone: displayTimeZone() } : saved.data}
    />
  );
}

function HoursForm({ userId, initial }: { userId: number; initial: TAvailability }) {
  const zoneId = useId();
  const [draft, setDraft] = useState<TAvailability>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const save = trpc.admin.booking.setAvailability.useMutation({
    onSuccess: (hours) => {
      setProblem(null);
      notifySuccess('Hours saved');
      setDraft(hours);
      utils.admin.booking.availability.setData({ id: userId }, hours);
    },
    onError: (e) => {
      setProblem(serverReason(e) ?? e.message);
      notifyError('The hours were not saved', e);
    },
  });

  const weekday = (day: number) => draft.weekly.filter((w) => w.weekday === day);
  const setWeekday = (day: number, intervals: Interval[]) =>
    setDraft({
      ...draft,
      weekly: [
        ...draft.weekly.filter((w) => w.weekday !== day),
        ...intervals.map((i) => ({ weekday: day, ...i })),
      ],
    });
  const setOverride = (date: string, intervals: Interval[] | null) =>
    setDraft({
      ...draft,
      overrides:
        intervals === null
          ? draft.overrides.filter((o) => o.date !== date)
          : draft.overrides.map((o) => (o.date === date ? { date, intervals } : o)),
    });

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: userId, ...draft });
      }}
    >
      <div className="max-w-sm">
        <Label htmlFor={zoneId}>Time zone</Label>
        <TimeZoneSelect
          id={zoneId}
          value={draft.timeZone}
          onChange={(timeZone) => setDraft({ ...draft, timeZone })}
        />
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Weekly hours</legend>
        <div className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {WEEKDAYS.map((name, i) => (
            <div key={name} className="grid gap-2 p-3 sm:grid-cols-[8rem_1fr]">
              <span className="pt-2 text-sm font-medium text-slate-800">{name}</span>
              <Intervals
                intervals={weekday(i + 1)}
                label={name}
                emptyText="Unavailable"
                onChange={(next) => setWeekday(i + 1, next)}
              />
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-slate-900">Date exceptions</legend>
        <p className="mb-2 text-sm text-slate-600">
          A day off, or other hours on one date (holidays, events).
        </p>
        <div className="space-y-3">
          {draft.overrides.map((o) => (
            <div key={o.date} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-slate-800">{o.date}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setOverride(o.date, null)}
                  aria-label={`Remove the exception on ${o.date}`}
                >
                  <Trash2 aria-hidden /> Remove
                </Button>
              </div>
              <Intervals
                intervals={o.intervals}
                label={o.date}
                emptyText="Day off"
                onChange={(next) => setOverride(o.date, next)}
              />
            </div>
          ))}
          <AddException
            taken={draft.overrides.map((o) => o.date)}
            onAdd={(date) =>
              setDraft({ ...draft, overrides: [...draft.overrides, { date, intervals: [] }] })
            }
          />
        </div>
      </fieldset>

      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save hours'}
      </Button>
    </form>
  );
}

function AddException({ taken, onAdd }: { taken: string[]; onAdd: (date: string) => void }) {
  const id = useId();
  const [date, setDate] = useState('');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={id}>Date</Label>
        <Input id={id} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </div>
      <Button
        variant="secondary"
        disabled={!date || taken.includes(date)}
        onClick={() => {
          onAdd(date);
          setDate('');
        }}
      >
        <Plus aria-hidden /> Add a day off
      </Button>
    </div>
  );
}
