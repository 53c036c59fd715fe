// The slot rules on their own: wall-clock hours across daylight-saving changes, overrides, notice,
// horizon, step, buffers and the daily cap.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS, type TAvailability } from '../../shared/booking.schema';
import {
  bookableWindow,
  freeStarts,
  hasFreeStart,
  isOffered,
  offeredStarts,
  type HostCalendar,
} from './slots';

const rules = { ...DEFAULT_BOOKING_SETTINGS, minNoticeMinutes: 0 };
const weekdays = (timeZone: string, start = '09:00', end = '17:00'): TAvailability => ({
  timeZone,
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end })),
  overrides: [],
});
const day = (date: string) => ({
  start: new Date(`${date}T00:00:00Z`),
  end: new Date(new Date(`${date}T00:00:00Z`).getTime() + 48 * 3600_000),
});
const isoStarts = (a: TAvailability, window: { start: Date; end: Date }, r = rules) =>
  offeredStarts(a, r, window).map((s) => s.start.toISOString());

describe('a host keeps their local hours across daylight-saving changes', () => {
  it('America/New_York: 09:00 is 14:00 UTC before 8 March 2026 and 13:00 UTC after', () => {
    const ny = weekdays('America/New_York');
    expect(isoStarts(ny, day('2026-03-06'))[0]).toBe('2026-03-06T14:00:00.000Z'); // Friday, EST
    expect(isoStarts(ny, day('2026-03-09'))[0]).toBe('2026-03-09T13:00:00.000Z'); // Monday, EDT
    // The last slot starts at 16:30 local and ends at 17:00.
    expect(
      isoStarts(ny, day('2026-03-09'))
        .filter((s) => s.startsWith('2026-03-09'))
        .at(-1),
    ).toBe('2026-03-09T20:30:00.000Z');
  });

  it('Europe/Berlin: 09:00 is 08:00 UTC before 29 March 2026 and 07:00 UTC after', () => {
    const berlin = weekdays('Europe/Berlin');
    expect(isoStarts(berlin, day('2026-03-27'))[0]).toBe('2026-03-27T08:00:00.000Z');
    expect(isoStarts(berlin, day('2026-03-30'))[0]).toBe('2026-03-30T07:00:00.000Z');
  });

  it('Australia/Sydney: 09:00 is 22:00 UTC the day before until 5 April 2026 and 23:00 after', () => {
    const sydney = weekdays('Australia/Sydney');
    const friday = offeredStarts(sydney, rules, day('2026-04-02')).find(
      (s) => s.localDate === '2026-04-03',
    );
    expect(friday?.start.toISOString()).toBe('2026-04-02T22:00:00.000Z'); // AEDT (+11)
    const monday = offeredStarts(sydney, rules, day('2026-04-05')).find(
      (s) => s.localDate === '2026-04-06',
    );
    expect(monday?.start.toISOString()).toBe('2026-04-05T23:00:00.000Z'); // AEST (+10)
  });

  it('skips wall-clock times that do not exist on the night the clocks go forward', () => {
    // Hours 01:00-04:00 on Sunday 29 March 2026 in Berlin: 02:00-03:00 does not exist.
    const night: TAvailability = {
      timeZone: 'Europe/Berlin',
      weekly: [{ weekday: 7, start: '01:00', end: '04:00' }],
      overrides: [],
    };
    const local = offeredStarts(night, rules, day('2026-03-28'))
      .filter((s) => s.localDate === '2026-03-29')
      .map((s) => s.start.toISOString());
    expect(local).toEqual([
      '2026-03-29T00:00:00.000Z', // 01:00 CET
      '2026-03-29T00:30:00.000Z', // 01:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-29T01:30:00.000Z', // 03:30 CEST
    ]);
  });
});

describe('hours', () => {
  it('starts on the step counted from the start of each interval and ends inside it', () => {
    const split: TAvailability = {
      timeZone: 'UTC',
      weekly: [
        { weekday: 1, start: '09:10', end: '10:30' },
        { weekday: 1, start: '13:00', end: '13:45' },
      ],
      overrides: [],
    };
    expect(isoStarts(split, day('2026-12-07')).map((s) => s.slice(11, 16))).toEqual([
      '09:10',
      '09:40',
      '13:00',
    ]);
  });

  it('takes a date override over the weekday, and an override with no intervals is a day off', () => {
    const a: TAvailability = {
      ...weekdays('UTC'),
      overrides: [
        { date: '2026-12-07', intervals: [{ start: '12:00', end: '13:00' }] },
        { date: '2026-12-08', intervals: [] },
      ],
    };
    expect(isoStarts(a, day('2026-12-07')).filter((s) => s.startsWith('2026-12-07'))).toEqual([
      '2026-12-07T12:00:00.000Z',
      '2026-12-07T12:30:00.000Z',
    ]);
    expect(isoStarts(a, day('2026-12-08')).filter((s) => s.startsWith('2026-12-08'))).toEqual([]);
  });

  it('offers nothing before the notice or from the end of the horizon on', () => {
    const now = new Date('2026-12-07T09:00:00Z');
    const window = bookableWindow({ ...rules, minNoticeMinutes: 120, horizonDays: 1 }, now);
    const starts = isoStarts(weekdays('UTC'), window);
    expect(starts[0]).toBe('2026-12-07T11:00:00.000Z');
    // The horizon ends at 09:00 the next day: that day's first slot is not offered.
    expect(starts.at(-1)).toBe('2026-12-07T16:30:00.000Z');
  });
});

describe('busy time', () => {
  const host = (busy: [string, string][], booked = 0): HostCalendar => ({
    hostId: 1,
    availability: weekdays('UTC'),
    busy: busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    bookedPerDay: new Map([['2026-12-07', booked]]),
  });
  const monday = day('2026-12-07');
  const on = (starts: Date[]) => starts.slice(0, 6).map((s) => s.toISOString().slice(11, 16));

  it('keeps bufferMinutes between a booking and the next (10 minutes: 10:00-10:30 blocks until 10:40)', () => {
    const starts = freeStarts(
      host([['2026-12-07T10:00:00Z', '2026-12-07T10:30:00Z']]),
      rules,
      monday,
    );
    expect(on(starts)).toEqual(['09:00', '11:00', '11:30', '12:00', '12:30', '13:00']);
  });

  it('needs no buffer at the edges of working hours', () => {
    const starts = freeStarts(host([]), rules, monday);
    expect(on(starts)[0]).toBe('09:00');
    expect(
      starts
        .filter((s) => s.toISOString().startsWith('2026-12-07'))
        .at(-1)
        ?.toISOString(),
    ).toBe('2026-12-07T16:30:00.000Z');
  });

  it('offers nothing more on a day that holds maxPerDayPerHost bookings', () => {
    const full = freeStarts(host([], rules.maxPerDayPerHost), rules, monday);
    expect(full.filter((s) => s.toISOString().startsWith('2026-12-07'))).toEqual([]);
  });

  it('hasFreeStart answers as freeStarts does, also when the only free time is days away', () => {
    // Monday full (the cap), Tuesday to Thursday busy all day, Friday 16:00-17:00 free.
    const week = { start: new Date('2026-12-07T00:00:00Z'), end: new Date('2026-12-12T00:00:00Z') };
    const busy = host([
      ['2026-12-08T08:00:00Z', '2026-12-10T18:00:00Z'],
      ['2026-12-11T08:00:00Z', '2026-12-11T15:50:00Z'],
    ]);
    busy.bookedPerDay.set('2026-12-07', rules.maxPerDayPerHost);
    expect(freeStarts(busy, rules, week).map((s) => s.toISOString())).toEqual([
      '2026-12-11T16:00:00.000Z',
      '2026-12-11T16:30:00.000Z',
    ]);
    expect(hasFreeStart(busy, rules, week)).toBe(true);
    const untilThursday = { start: week.start, end: new Date('2026-12-11T00:00:00Z') };
    expect(freeStarts(busy, rules, untilThursday)).toEqual([]);
    expect(hasFreeStart(busy, rules, untilThursday)).toBe(false);
    // A window of one instant, as a booking asks it.
    const at = (iso: string) => ({ start: new Date(iso), end: new Date(Date.parse(iso) + 1) });
    expect(hasFreeStart(busy, rules, at('2026-12-11T16:00:00Z'))).toBe(true);
    expect(hasFreeStart(busy, rules, at('2026-12-11T15:30:00Z'))).toBe(false);
  });
});

describe('a time offered at all (400 when not, whether busy or free)', () => {
  const now = new Date('2026-12-07T09:00:00Z');
  const noticed = { ...rules, minNoticeMinutes: 120, horizonDays: 14 };
  const offered = (iso: string) => isOffered(weekdays('UTC'), noticed, new Date(iso), now);

  it('is on the step, inside the hours, after the notice and before the horizon', () => {
    expect(offered('2026-12-07T11:00:00Z')).toBe(true);
    expect(offered('2026-12-07T11:15:00Z')).toBe(false); // off the step
    expect(offered('2026-12-07T10:30:00Z')).toBe(false); // inside the notice
    expect(offered('2026-12-07T16:30:00Z')).toBe(true); // ends at 17:00
    expect(offered('2026-12-07T17:00:00Z')).toBe(false); // after hours
    expect(offered('2026-12-12T11:00:00Z')).toBe(false); // Saturday
    expect(offered('2026-12-21T11:00:00Z')).toBe(false); // past the horizon
  });
});
