// Local dates and wall-clock times, as the slot rules read them.
import { describe, expect, it } from 'vitest';
import { dateOfDayNumber, dayNumberOf, wallClockInstant, weekdayOf } from './wall-clock';

/** The calendar date after `date`, as the slot rules step (by day number). */
const nextDate = (date: string) => dateOfDayNumber(dayNumberOf(date) + 1);

describe('wall clock', () => {
  it('steps dates over month, year and leap-day ends, and names ISO weekdays', () => {
    expect(nextDate('2026-01-31')).toBe('2026-02-01');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(weekdayOf('2026-12-07')).toBe(1); // Monday
    expect(weekdayOf('2026-12-13')).toBe(7); // Sunday
  });

  it('gives the instant of a wall-clock time on both sides of a clock change, and the same answer twice', () => {
    expect(new Date(wallClockInstant('Europe/Berlin', '2026-03-28', 9 * 60).ms).toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(new Date(wallClockInstant('Europe/Berlin', '2026-03-30', 9 * 60).ms).toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    expect(wallClockInstant('Europe/Berlin', '2026-03-30', 9 * 60)).toEqual(
      wallClockInstant('Europe/Berlin', '2026-03-30', 9 * 60),
    );
    // 24:00 is the next midnight.
    expect(new Date(wallClockInstant('UTC', '2026-12-07', 24 * 60).ms).toISOString()).toBe(
      '2026-12-08T00:00:00.000Z',
    );
  });

  it('marks a time inside a daylight-saving gap as not existing', () => {
    expect(wallClockInstant('Europe/Berlin', '2026-03-29', 2 * 60 + 30).exists).toBe(false);
    expect(wallClockInstant('Europe/Berlin', '2026-03-29', 3 * 60).exists).toBe(true);
    expect(wallClockInstant('America/New_York', '2026-03-08', 2 * 60).exists).toBe(false);
  });
});
