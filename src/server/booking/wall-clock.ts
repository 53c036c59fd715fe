// Local dates and wall-clock times of IANA zones, for the slot rules' loops. Each luxon conversion
// in a zone asks Intl for the zone's offset (several microseconds each), and the free times of a
// pool of hosts over two weeks need the same few hundred conversions on every request: a host's
// 09:00 on a given date. Those are kept here; a zone's rules do not change while a process runs.
import { DateTime } from 'luxon';

/** An instant for a wall-clock time, and whether that time exists on that date. */
export interface WallClockInstant {
  /** Milliseconds since the epoch. A time skipped by a clock change maps past the gap. */
  ms: number;
  /** False for a time inside a daylight-saving gap (02:30 on the night clocks go forward). */
  exists: boolean;
}

/** Enough for every host's hours over the horizon many times over; emptied when full. */
const CACHE_LIMIT = 100_000;
const instants = new Map<string, WallClockInstant>();

const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The instant of wall-clock `minute` (0-1440) of the local `date` (YYYY-MM-DD) in `zone`; minute
 * 1440 is the next day's midnight, as an interval ending at 24:00 means.
 */
export function wallClockInstant(zone: string, date: string, minute: number): WallClockInstant {
  const key = `${zone} ${date} ${minute}`;
  let known = instants.get(key);
  if (!known) {
    const day = DateTime.fromISO(date, { zone });
    const at =
      minute >= 24 * 60
        ? day.plus({ days: 1 }).startOf('day')
        : day.set({ hour: Math.floor(minute / 60), minute: minute % 60 });
    known = {
      ms: at.toMillis(),
      exists: minute >= 24 * 60 || at.toFormat('HH:mm') === clockOf(minute),
    };
    if (instants.size >= CACHE_LIMIT) instants.clear();
    instants.set(key, known);
  }
  return known;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export const localDateOf = (instant: Date, zone: string) =>
  DateTime.fromJSDate(instant, { zone }).toISODate()!;

/** The instant a local date starts in a zone. */
export const startOfLocalDate = (date: string, zone: string) =>
  DateTime.fromISO(date, { zone }).startOf('day').toJSDate();

/**
 * A calendar date as a whole number of days since 1970-01-01: dates are compared and stepped as
 * numbers, never as text (the day after 9999-12-31 is "+010000-01-01", which sorts before it).
 * Takes the extended years ISO gives past 9999 ("+010000-01-01") as well.
 */
export function dayNumberOf(date: string): number {
  const match = /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  const at = new Date(0);
  at.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.round(at.getTime() / 86_400_000);
}

/** The calendar date (YYYY-MM-DD) of a day number. */
export const dateOfDayNumber = (day: number) =>
  new Date(day * 86_400_000).toISOString().split('T')[0]!;

/** ISO weekday of a calendar date: 1 = Monday ... 7 = Sunday (day 0 was a Thursday). */
export const weekdayOf = (date: string) => ((((dayNumberOf(date) + 3) % 7) + 7) % 7) + 1;
