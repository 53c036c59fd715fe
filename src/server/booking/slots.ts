// The booking rules, as pure functions of a host's hours, their busy time and the settings (no
// database, no clock of their own: `now` is passed in, see clock.ts).
//
// - Slots start on the step counted from the start of each working interval, in the host's
//   zone, and end inside it (a host's 09:00 stays 09:00 local across daylight-saving changes).
// - A slot starts at least minNoticeMinutes from now and before now + horizonDays x 24 h.
// - Two of a host's bookings, or a booking and a busy interval, are at least bufferMinutes
//   apart; working hours' edges need no buffer.
// - At most maxPerDayPerHost confirmed bookings per calendar day in the host's zone.
import type { TAvailability, TBookingSettings } from '../../shared/booking.schema';
import {
  dateOfDayNumber,
  dayNumberOf,
  localDateOf,
  wallClockInstant,
  weekdayOf,
} from './wall-clock';

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
function workingIntervals(availability: TAvailability, date: string) {
  const override = availability.overrides.find((o) => o.date === date);
  if (override) return override.intervals;
  const weekday = weekdayOf(date);
  return availability.weekly.filter((w) => w.weekday === weekday);
}

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
  // Never more days than the horizon spans (and a day each side for the zone), whatever window
  // a caller passes: a slot can only start inside the horizon. Dates are stepped as numbers.
  const firstDay = dayNumberOf(localDateOf(window.start, zone));
  const lastDay = Math.min(
    dayNumberOf(localDateOf(window.end, zone)),
    firstDay + rules.horizonDays + 2,
  );
  const step = Math.max(rules.slotStepMinutes, 1);
  for (let day = firstDay; day <= lastDay; day++) {
    const localDate = dateOfDayNumber(day);
    for (const interval of workingIntervals(availability, localDate)) {
      const first = minutesOf(interval.start);
      const end = minutesOf(interval.end);
      const from = wallClockInstant(zone, localDate, first);
      const until = wallClockInstant(zone, localDate, end);
      const add = (start: number) => {
        if (start >= window.start.getTime() && start < window.end.getTime())
          starts.push({ start: new Date(start), localDate });
      };
      // No clock change inside the interval (almost always): its steps are whole minutes apart
      // in elapsed time too, so they are counted without asking the zone again.
      const steady = from.exists && until.ms - from.ms === (end - first) * MINUTE;
      // At most a day's minutes over the step: bounded by the settings, whatever the hours say.
      for (let minute = first; minute + rules.durationMinutes <= end; minute += step) {
        if (steady) {
          add(from.ms + (minute - first) * MINUTE);
          continue;
        }
        const start = wallClockInstant(zone, localDate, minute);
        // The wall clock of a daylight-saving gap does not exist: skip rather than shift it.
        if (start.exists) add(start.ms);
      }
    }
  }
  return starts;
}

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
  const end = Math.min(
    window.end.getTime(),
    window.start.getTime() + (rules.horizonDays + 1) * DAY,
  );
  for (let from = window.start.getTime(); from < end; from += DAY) {
    const day = {
      start: new Date(from),
      end: new Date(Math.min(from + DAY, end)),
    };
    if (offeredStarts(host.availability, rules, day).some(free)) return true;
  }
  return false;
}
