// Choosing a call's time, the same for a lead (the booking page) and for staff (moving a call):
// the days as one radio group, then the chosen day's free times as another (Tab between them,
// arrow keys within), each a bordered box filled when chosen and ringed when focused.
import { dayLabel, timeLabel } from '../lib/call-times';

const CHOICE =
  'items-center rounded-lg border border-slate-300 px-2 py-2 text-center text-sm font-medium text-slate-800 has-checked:border-primary has-checked:bg-primary has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-primary has-focus-visible:ring-offset-2';

const shortDay = (date: string, part: 'weekday' | 'day') =>
  new Intl.DateTimeFormat('en-US', {
    ...(part === 'weekday' ? { weekday: 'short' } : { day: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

interface Day {
  date: string;
  slots: readonly { startsAt: string }[];
}

/** The days (a day without free times is shown, not choosable), `active` chosen. */
export function DayChoices({
  name,
  days,
  active,
  onPick,
  legendClassName = 'text-sm font-medium text-slate-700',
}: {
  /** The radio group's name, unique on the page. */
  name: string;
  days: readonly Day[];
  active: string;
  onPick: (date: string) => void;
  legendClassName?: string;
}) {
  return (
    <fieldset>
      <legend className={legendClassName}>Day</legend>
      <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-7">
        {days.map((day) => (
          <label
            key={day.date}
            className={`${CHOICE} flex flex-col ${day.slots.length ? 'cursor-pointer' : 'cursor-not-allowed opacity-40'}`}
          >
            <input
              type="radio"
              name={name}
              value={day.date}
              disabled={!day.slots.length}
              checked={active === day.date}
              onChange={() => onPick(day.date)}
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
  );
}

/** One day's free times, shown in `timeZone`; `chosen` is the instant picked (or null). */
export function TimeChoices({
  name,
  day,
  timeZone,
  chosen,
  onChoose,
  legend = `Times on ${dayLabel(day.date)}`,
  legendClassName = 'text-base font-semibold text-slate-900',
  gridClassName = 'grid-cols-3 sm:grid-cols-5',
}: {
  name: string;
  day: Day;
  timeZone: string;
  chosen: string | null;
  onChoose: (startsAt: string) => void;
  legend?: string;
  legendClassName?: string;
  /** The grid's columns (and a height limit where the list may be long). */
  gridClassName?: string;
}) {
  return (
    <fieldset>
      <legend className={legendClassName}>{legend}</legend>
      <div className={`mt-2 grid gap-2 ${gridClassName}`}>
        {day.slots.map((slot) => (
          <label key={slot.startsAt} className={`${CHOICE} cursor-pointer`}>
            <input
              type="radio"
              name={name}
              value={slot.startsAt}
              checked={chosen === slot.startsAt}
              onChange={() => onChoose(slot.startsAt)}
              className="sr-only"
            />
            {timeLabel(slot.startsAt, timeZone)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
