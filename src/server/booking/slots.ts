// The booking rules, as pure functions of a host's hours, their busy time and the settings (no
// database, no clock of their own: `now` is passed in, see clock.ts).
//
// - Slots start on the step counted from the start of each working interval, in the host's
//   zone, and end inside it (a host's 09:00 stays 09:00 local across daylight-saving changes).
// - A slot starts at least minNoticeMinutes from now and before now + horizonDays x 24 h.
// - Two of a host's bookings, or a booking and a busy interval, are at least bufferMinutes
//   apart; working hours' edges need no buffer.
// - At most maxPerDayPerHost confirmed bookings per calendar day in the host's zone.
import { DateTime } from 'luxon';
import type { TAvailability, TBookingSettings } from '../../shared/booking.schema';

export interface Interval {
  start: Date;
  end: Date;
}

/** One host as the slot rules see them. */
export interface HostCalendar {
  hostId: number;
  availability: TAvailability;
  /** Confirmed bookings and external busy time. */
  busy: Interval[];
  /** Confirmed bookings per local date (YYYY-MM-DD in the host's zone). */
  bookedPerDay: Map<string, number>;
}

type Rules = Pick<
  TBookingSettings,
  | 'durationMinutes'
  | 'bufferMinutes'
  | 'minNoticeMinutes'
  | 'horizonDays'
  | 'maxPerDayPerHost'
  | 'slotStepMinutes'
>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

/** The working intervals of one local date: its override when it has one, else its weekday's. */
function workingIntervals(availability: TAvailability, date: DateTime) {
  const iso = date.toISODate()!;
  const override = availability.overrides.find((o) => o.date === iso);
  if (override) return override.intervals;
  return availability.weekly.filter((w) => w.weekday === date.weekday);
}

/** The instant of a wall-clock minute of `date` in its zone (by the clock, not elapsed time). */
const instantAt = (date: DateTime, minute: number) =>
  minute >= 24 * 60
    ? date.plus({ days: 1 }).startOf('day').toJSDate()
    : date.set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toJSDate();

/**
 * Every start the host's hours allow in [from, to), ignoring bookings and busy time: the slots
 * that are "offered" at all (a time outside these is a 400, a time inside but taken a 409).
 */
export function offeredStarts(
  availability: TAvailability,
  rules: Rules,
  window: Interval,
): { start: Date; localDate: string }[] {
  const starts: { start: Date; localDate: string }[] = [];
  const zone = availability.timeZone;
  let day = DateTime.fromJSDate(window.start, { zone }).startOf('day');
  const last = DateTime.fromJSDate(window.end, { zone }).startOf('day');
  while (day <= last) {
    const localDate = day.toISODate()!;
    for (const interval of workingIntervals(availability, day)) {
      const first = minutesOf(interval.start);
      const end = minutesOf(interval.end);
      const from = instantAt(day, first);
      const until = instantAt(day, end);
      const add = (start: Date) => {
        if (start >= window.start && start < window.end) starts.push({ start, localDate });
      };
      // No clock change inside the interval (almost always): its steps are whole minutes apart
      // in elapsed time too, so they are counted without asking the zone again.
      if (
        until.getTime() - from.getTime() === (end - first) * MINUTE &&
        DateTime.fromJSDate(from, { zone }).toFormat('HH:mm') === clockOf(first % 1440)
      ) {
        for (
          let minute = first;
          minute + rules.durationMinutes <= end;
          minute += rules.slotStepMinutes
        )
          add(new Date(from.getTime() + (minute - first) * MINUTE));
        continue;
      }
      for (
        let minute = first;
        minute + rules.durationMinutes <= end;
        minute += rules.slotStepMinutes
      ) {
        const start = instantAt(day, minute);
        // The wall clock of a daylight-saving gap does not exist: skip rather than shift it.
        if (DateTime.fromJSDate(start, { zone }).toFormat('HH:mm') !== clockOf(minute % 1440))
          continue;
        add(start);
      }
    }
    day = day.plus({ days: 1 });
  }
  return starts;
}

const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Whether the host's hours offer `start` at all (on the step, inside their hours, notice and
 * horizon), busy or not: a start not offered is a 400, an offered one that is busy a 409.
 */
export function isOffered(availability: TAvailability, rules: Rules, start: Date, now: Date) {
  const bookable = bookableWindow(rules, now);
  return (
    start >= bookable.start &&
    start < bookable.end &&
    offeredStarts(availability, rules, { start, end: new Date(start.getTime() + 1) }).length > 0
  );
}

/** A call booked at `start`: when it ends and until when it blocks the host (its buffer after). */
export function bookedTimes(rules: Rules, start: Date) {
  const endsAt = new Date(start.getTime() + rules.durationMinutes * MINUTE);
  return {
    startsAt: start,
    endsAt,
    blockedUntil: new Date(endsAt.getTime() + rules.bufferMinutes * MINUTE),
  };
}

/** The window a slot may start in: from now + notice to now + horizon. */
export function bookableWindow(rules: Rules, now: Date): Interval {
  return {
    start: new Date(now.getTime() + rules.minNoticeMinutes * MINUTE),
    end: new Date(now.getTime() + rules.horizonDays * 24 * 60 * MINUTE),
  };
}

/**
 * A test of "does a meeting at `start` keep the buffer to every busy interval?" for many starts:
 * busy intervals sorted by start with the running maximum of their ends, so each start is one
 * binary search instead of a pass over hundreds of intervals.
 */
function freeTest(busy: Interval[], rules: Rules): (start: Date) => boolean {
  const sorted = [...busy].sort((a, b) => a.start.getTime() - b.start.getTime());
  const starts = sorted.map((b) => b.start.getTime());
  const maxEnd: number[] = [];
  for (const [i, b] of sorted.entries())
    maxEnd.push(Math.max(b.end.getTime(), i ? maxEnd[i - 1]! : -Infinity));
  const duration = rules.durationMinutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  return (start) => {
    const s = start.getTime();
    // Intervals starting at or after end + buffer are clear of it; of the ones before, the
    // latest end decides.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < s + duration + buffer) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 || maxEnd[lo - 1]! + buffer <= s;
  };
}

/** A test of "is this offered start free?": its day under the cap, its time clear of busy time. */
function freeStartTest(host: HostCalendar, rules: Rules) {
  const clear = freeTest(host.busy, rules);
  return ({ start, localDate }: { start: Date; localDate: string }) =>
    (host.bookedPerDay.get(localDate) ?? 0) < rules.maxPerDayPerHost && clear(start);
}

/** The host's free starts in `window` (already clipped to the bookable window). */
export function freeStarts(host: HostCalendar, rules: Rules, window: Interval): Date[] {
  const free = freeStartTest(host, rules);
  return offeredStarts(host.availability, rules, window)
    .filter(free)
    .map(({ start }) => start);
}

/**
 * Whether the host has any free start in `window`: the same answer as freeStarts(...).length > 0,
 * a day at a time, stopping at the first (a booking asks this of a busy owner on every attempt).
 */
export function hasFreeStart(host: HostCalendar, rules: Rules, window: Interval): boolean {
  const free = freeStartTest(host, rules);
  for (let from = window.start.getTime(); from < window.end.getTime(); from += DAY) {
    const day = {
      start: new Date(from),
      end: new Date(Math.min(from + DAY, window.end.getTime())),
    };
    if (offeredStarts(host.availability, rules, day).some(free)) return true;
  }
  return false;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export const localDateOf = (instant: Date, zone: string) =>
  DateTime.fromJSDate(instant, { zone }).toISODate()!;

/** The instant a local date starts in a zone. */
export const startOfLocalDate = (date: string, zone: string) =>
  DateTime.fromISO(date, { zone }).startOf('day').toJSDate();
