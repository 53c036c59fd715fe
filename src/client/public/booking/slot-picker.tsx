import { useEffect, useId, useMemo, useState } from 'react';
import type { TSlots } from '../../../shared/booking.schema';
import { apiRequest, errorMessage } from '../../lib/api-request';
import { browserTimeZone, dayLabel, timeLabel } from '../../lib/call-times';
import { ctaClass } from '../components/cta-styles';

const DAYS_SHOWN = 7;

/** YYYY-MM-DD of an instant in a zone. */
const dateIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(instant)
    .slice(0, 10);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const shortDay = (date: string, part: 'weekday' | 'day') =>
  new Intl.DateTimeFormat('en-US', {
    ...(part === 'weekday' ? { weekday: 'short' } : { day: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** A day or time to choose: a bordered box, filled when chosen, ringed when focused. */
const CHOICE =
  'items-center rounded-lg border border-slate-300 px-2 py-2 text-center text-sm font-medium text-slate-800 has-checked:border-primary has-checked:bg-primary has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-primary has-focus-visible:ring-offset-2';

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
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf?.('timeZone') ?? [];
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
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
          <select
            id={zoneId}
            value={timeZone}
            onChange={(e) => {
              setTimeZone(e.target.value);
              setChosen(null);
            }}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
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
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Day</legend>
            <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-7">
              {slots.days.map((day) => (
                <label
                  key={day.date}
                  className={`${CHOICE} flex flex-col ${day.slots.length ? 'cursor-pointer' : 'cursor-not-allowed opacity-40'}`}
                >
                  <input
                    type="radio"
                    name="day"
                    value={day.date}
                    disabled={!day.slots.length}
                    checked={active.date === day.date}
                    onChange={() => setPickedDay(day.date)}
                    className="sr-only"
                  />
                  <span className="text-xs uppercase">{shortDay(day.date, 'weekday')}</span>
                  <span className="text-lg font-semibold">{shortDay(day.date, 'day')}</span>
                  <span className="sr-only">
                    {dayLabel(day.date)}, {day.slots.length} free times
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset key={active.date}>
            <legend className="text-base font-semibold text-slate-900">
              Times on {dayLabel(active.date)}
            </legend>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
              {active.slots.map((slot) => (
                <label key={slot.startsAt} className={`${CHOICE} cursor-pointer`}>
                  <input
                    type="radio"
                    name="time"
                    value={slot.startsAt}
                    checked={chosen === slot.startsAt}
                    onChange={() => setChosen(slot.startsAt)}
                    className="sr-only"
                  />
                  {timeLabel(slot.startsAt, timeZone)}
                </label>
              ))}
            </div>
          </fieldset>
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
