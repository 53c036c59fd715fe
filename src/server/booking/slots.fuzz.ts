// The slot rules driven with random and extreme instants (years 0001 to 9999, clock changes, leap
// days): whatever instant a request names, the rules answer only times inside the window, and each
// call comes back quickly. Run by slots.property.test.ts in a worker thread it can stop, because a
// rule that loops for ever (as one did: the day after 9999-12-31 sorted before it as text) would
// never hand the thread back to a test in the same thread.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TAvailability } from '../../shared/booking.schema';
import { freeStarts, hasFreeStart, isOffered, offeredStarts, type HostCalendar } from './slots';

const DAY = 86_400_000;
/** 0001-01-01, as early as any zone's midnight, to 9999-12-31, as late as the schemas allow. */
export const EARLIEST = Date.UTC(1, 0, 1) - 14 * 3600_000;
export const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Instants near the ends of the range, around clock changes and leap days, and anywhere. */
const instant = fc.oneof(
  fc.integer({ min: EARLIEST, max: EARLIEST + 40 * DAY }),
  fc.integer({ min: LATEST - 40 * DAY, max: LATEST }),
  fc.constantFrom(
    Date.parse('2026-03-29T00:30:00Z'), // Berlin springs forward
    Date.parse('2026-10-25T00:30:00Z'), // and falls back
    Date.parse('2026-03-08T06:30:00Z'), // New York springs forward
    Date.parse('2028-02-29T12:00:00Z'), // a leap day
    Date.parse('2100-02-28T12:00:00Z'), // not a leap year
    Date.parse('9999-12-31T14:00:00Z'), // the request that froze an instance
  ),
  fc.integer({ min: EARLIEST, max: LATEST }),
);

const zone = fc.constantFrom(
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe', // a half-hour clock change
  'Pacific/Kiritimati', // UTC+14: 9999-12-31 there is already year 10000
  'Pacific/Pago_Pago', // UTC-11
  'Asia/Kathmandu', // +05:45
);

const clockOf = (minutes: number) =>
  minutes >= 24 * 60
    ? '24:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const hours: fc.Arbitrary<TAvailability> = fc
  .record({
    timeZone: zone,
    weekly: fc.array(
      fc.record({
        weekday: fc.integer({ min: 1, max: 7 }),
        from: fc.integer({ min: 0, max: 47 }).map((half) => half * 30),
        minutes: fc.integer({ min: 30, max: 24 * 60 }),
      }),
      { maxLength: 7 },
    ),
  })
  .map(({ timeZone, weekly }) => ({
    timeZone,
    overrides: [],
    weekly: weekly.map(({ weekday, from, minutes }) => ({
      weekday,
      start: clockOf(from),
      end: clockOf(Math.min(from + minutes, 24 * 60)),
    })),
  }));

const rules = fc.record({
  durationMinutes: fc.integer({ min: 15, max: 120 }),
  bufferMinutes: fc.integer({ min: 0, max: 60 }),
  minNoticeMinutes: fc.integer({ min: 0, max: 10_080 }),
  horizonDays: fc.integer({ min: 1, max: 60 }),
  maxPerDayPerHost: fc.integer({ min: 1, max: 50 }),
  slotStepMinutes: fc.integer({ min: 5, max: 120 }),
});

/** Each call of the rules must come back within this, however odd its input. */
const CALL_BUDGET_MS = 1000;
function timed<T>(what: string, run: () => T): T {
  const started = performance.now();
  const answer = run();
  const took = performance.now() - started;
  assert.ok(took < CALL_BUDGET_MS, `${what} took ${Math.round(took)} ms`);
  return answer;
}

/** Throws (with fast-check's counterexample) when a rule breaks; returns the runs checked. */
export function checkSlotRules(seed: number | undefined, numRuns: number): number {
  let runs = 0;
  fc.assert(
    fc.property(
      hours,
      rules,
      instant,
      fc.integer({ min: 0, max: 80 * DAY }),
      (availability, r, from, span) => {
        runs += 1;
        const window = { start: new Date(from), end: new Date(Math.min(from + span, LATEST)) };
        const starts = timed('offeredStarts', () => offeredStarts(availability, r, window));
        for (const { start } of starts) {
          assert.ok(start >= window.start && start < window.end, 'a start outside the window');
        }
        const host: HostCalendar = { hostId: 1, availability, busy: [], bookedPerDay: new Map() };
        const free = timed('freeStarts', () => freeStarts(host, r, window));
        assert.ok(free.length <= starts.length);
        const anyFree = timed('hasFreeStart', () => hasFreeStart(host, r, window));
        // Inside the horizon (every window a request can reach) the two agree.
        if (span <= r.horizonDays * DAY) assert.equal(anyFree, free.length > 0);
        const now = new Date(from - r.minNoticeMinutes * 60_000);
        timed('isOffered', () => isOffered(availability, r, new Date(from), now));
      },
    ),
    { seed, numRuns },
  );
  return runs;
}
