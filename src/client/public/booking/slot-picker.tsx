import { useEffect, useId, useState } from 'react';
import type { TSlots } from '../../../shared/booking.schema';
import { apiRequest, errorMessage } from '../../lib/api-request';
import { browserTimeZone, dayLabel, timeLabel } from '../../lib/call-times';
import { ctaClass } from '../components/cta-styles';
import { DayChoices, TimeChoices } from '../../components/slot-choices';
import { TimeZoneSelect } from '../../components/time-zone-select';

const DAYS_SHOWN = 7;

/** YYYY-MM-DD of an instant in a zone. */
const dateIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(instant)
    .slice(0, 10);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface SlotChoice {
  startsAt: string;
  timeZone: string;
}

/**
 * The free times, a week at a time, in the visitor's zone (detected, changeable): a day, then one
 * of its times. Days and times are two radio groups (Tab between them, arrow keys within).
 */
export function SlotPicker({
  query,
  actionLabel,
  pending,
  onConfirm,
}: {
  /** `token=...` or `manageToken=...` */
  query: string;
  actionLabel: string;
  pending: boolean;
  onConfirm: (choice: SlotChoice) => void;
}) {
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [from, setFrom] = useState(() => dateIn(new Date(), browserTimeZone()));
  const url = `/api/booking/slots?${query}&from=${from}&days=${DAYS_SHOWN}&timeZone=${encodeURIComponent(timeZone)}`;
  // The answer of the last request, by its URL: another URL's answer means "loading".
  const [answer, setAnswer] = useState<{ url: string; slots?: TSlots; error?: string } | null>(
    null,
  );
  const slots = answer?.url === url ? (answer.slots ?? null) : null;
  const error = answer?.url === url ? (answer.error ?? null) : null;
  const [chosen, setChosen] = useState<string | null>(null);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const zoneId = useId();

  useEffect(() => {
    apiRequest('GET', url)
      .then((res) => res.json() as Promise<TSlots>)
      .then((data) => setAnswer({ url, slots: data }))
      .catch((err: unknown) =>
        setAnswer({ url, error: errorMessage(err, 'Could not load the times.') }),
      );
  }, [url]);

  const today = dateIn(new Date(), timeZone);
  const free = slots?.days.filter((d) => d.slots.length > 0) ?? [];
  // The day shown: the one picked, else the first with free times.
  const active = free.find((d) => d.date === pickedDay) ?? free[0];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={zoneId} className="block text-sm font-medium text-slate-700">
            Time zone
          </label>
          <TimeZoneSelect
            id={zoneId}
            value={timeZone}
            onChange={(zone) => {
              setTimeZone(zone);
              setChosen(null);
            }}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          />
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={ctaClass('secondary', 'sm')}
            disabled={from <= today}
            onClick={() => setFrom(addDays(from, -DAYS_SHOWN))}
          >
            Earlier days
          </button>
          <button
            type="button"
            className={ctaClass('secondary', 'sm')}
            onClick={() => setFrom(addDays(from, DAYS_SHOWN))}
          >
            Later days
          </button>
        </div>
      </div>

      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {error}
        </p>
      )}
      {!slots && !error && <p className="text-slate-600">Loading free times…</p>}
      {slots && free.length === 0 && (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-700">
          No free times between {dayLabel(from)} and {dayLabel(addDays(from, DAYS_SHOWN - 1))}. Try
          later days.
        </p>
      )}
      {active && slots && (
        <>
          <DayChoices name="day" days={slots.days} active={active.date} onPick={setPickedDay} />
          <TimeChoices
            key={active.date}
            name="time"
            day={active}
            timeZone={timeZone}
            chosen={chosen}
            onChoose={setChosen}
          />
        </>
      )}

      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-4 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        <button
          type="button"
          className={`${ctaClass('primary')} w-full justify-center sm:w-auto`}
          disabled={!chosen || pending}
          onClick={() => chosen && onConfirm({ startsAt: chosen, timeZone })}
        >
          {pending
            ? 'One moment…'
            : chosen
              ? `${actionLabel}: ${dayLabel(dateIn(new Date(chosen), timeZone))}, ${timeLabel(chosen, timeZone)}`
              : 'Pick a time above'}
        </button>
      </div>
    </div>
  );
}
