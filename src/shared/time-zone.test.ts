import { describe, expect, it } from 'vitest';
import { reportPeriod } from './report-period';
import {
  dayInZone,
  instantInZone,
  isTimeZone,
  startOfDayInZone,
  wallClockInZone,
} from './time-zone';

describe('zone days', () => {
  it('finds the instant a day begins, across summer time changes', () => {
    expect(startOfDayInZone('2026-11-27', 'UTC').toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(startOfDayInZone('2026-11-27', 'America/New_York').toISOString()).toBe(
      '2026-11-27T05:00:00.000Z',
    );
    expect(startOfDayInZone('2026-07-01', 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    // The days summer time starts and ends in Berlin still begin at local midnight.
    expect(startOfDayInZone('2026-03-29', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfDayInZone('2026-10-25', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    expect(startOfDayInZone('2026-11-27', 'Asia/Kathmandu').toISOString()).toBe(
      '2026-11-26T18:15:00.000Z',
    );
  });

  it('names the day an instant falls on, and a period of days ending today', () => {
    const at = new Date('2026-11-27T03:00:00Z');
    expect(dayInZone(at, 'UTC')).toBe('2026-11-27');
    expect(dayInZone(at, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(reportPeriod(7, 'America/Los_Angeles', at)).toEqual({
      days: 7,
      timeZone: 'America/Los_Angeles',
      firstDay: '2026-11-20',
      start: new Date('2026-11-20T08:00:00Z'),
    });
  });

  it('turns a wall-clock time of a zone into an instant and back', () => {
    const at = instantInZone('2026-12-01T09:00', 'Asia/Tokyo');
    expect(at.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(wallClockInZone(at, 'Asia/Tokyo')).toBe('2026-12-01T09:00');
    expect(wallClockInZone(at, 'America/New_York')).toBe('2026-11-30T19:00');
    // 02:30 does not exist in Berlin on 29 March 2026: it is read as 03:30.
    expect(instantInZone('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('accepts zone names only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['+01:00', 'Europe/Atlantis', '', 'UTC;', '-05'])
      expect(isTimeZone(bad), bad).toBe(false);
  });
});
