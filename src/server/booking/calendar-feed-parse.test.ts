// Busy time read from .ics feeds: zones and daylight-saving changes, recurrences and their
// exceptions, what is not busy, the window, unreadable input and the caps; series that began long
// before the window start near it, and a feed has a budget of steps.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { FeedBudgetError } from './calendar-feed-budget';
import { busyIntervalsOfFeed, CalendarFeedError, type BusyInterval } from './calendar-feed-parse';

const feed = (...parts: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...parts, 'END:VCALENDAR'].join('\r\n');
let uid = 0;
const vevent = (...lines: string[]) =>
  [
    'BEGIN:VEVENT',
    ...(lines.some((l) => l.startsWith('UID:')) ? [] : [`UID:event-${++uid}`]),
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
  ].join('\r\n');
const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const iso = (intervals: BusyInterval[]) =>
  intervals.map((i) => `${i.startsAt.toISOString()} ${i.endsAt.toISOString()}`);
const busy = (ics: string, from: string, to: string, zone = 'UTC', max?: number) =>
  iso(busyIntervalsOfFeed(ics, window(from, to), zone, max));

// As Google and Outlook write it.
const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

describe('a weekly 09:00 stays 09:00 local across a daylight-saving change', () => {
  it('Europe/Berlin with its VTIMEZONE: 08:00 UTC before 29 March 2026, 07:00 UTC after', () => {
    const ics = feed(
      BERLIN,
      vevent(
        'DTSTART;TZID=Europe/Berlin:20260316T090000',
        'DTEND;TZID=Europe/Berlin:20260316T100000',
        'RRULE:FREQ=WEEKLY',
      ),
    );
    expect(busy(ics, '2026-03-16T00:00:00Z', '2026-04-07T00:00:00Z')).toEqual([
      '2026-03-16T08:00:00.000Z 2026-03-16T09:00:00.000Z',
      '2026-03-23T08:00:00.000Z 2026-03-23T09:00:00.000Z',
      '2026-03-30T07:00:00.000Z 2026-03-30T08:00:00.000Z',
      '2026-04-06T07:00:00.000Z 2026-04-06T08:00:00.000Z',
    ]);
  });

  it('America/New_York without a VTIMEZONE: 14:00 UTC before 8 March 2026, 13:00 UTC after', () => {
    const ics = feed(
      vevent(
        'DTSTART;TZID=America/New_York:20260305T090000',
        'DTEND;TZID=America/New_York:20260305T093000',
        'RRULE:FREQ=WEEKLY',
      ),
    );
    expect(busy(ics, '2026-03-01T00:00:00Z', '2026-03-14T00:00:00Z')).toEqual([
      '2026-03-05T14:00:00.000Z 2026-03-05T14:30:00.000Z',
      '2026-03-12T13:00:00.000Z 2026-03-12T13:30:00.000Z',
    ]);
  });

  it('a TZID that only the file defines (Outlook style) uses its VTIMEZONE', () => {
    const ics = feed(
      BERLIN.replace('TZID:Europe/Berlin', 'TZID:W. Europe Standard Time'),
      vevent(
        'DTSTART;TZID=W. Europe Standard Time:20260327T090000',
        'DTEND;TZID=W. Europe Standard Time:20260327T100000',
        'RRULE:FREQ=DAILY;COUNT=4',
      ),
    );
    expect(busy(ics, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', 'Asia/Tokyo')).toEqual([
      '2026-03-27T08:00:00.000Z 2026-03-27T09:00:00.000Z',
      '2026-03-28T08:00:00.000Z 2026-03-28T09:00:00.000Z',
      '2026-03-29T07:00:00.000Z 2026-03-29T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z 2026-03-30T08:00:00.000Z',
    ]);
  });
});

describe('exceptions to a series', () => {
  const weeklyNewYork = [
    'DTSTART;TZID=America/New_York:20260302T090000',
    'DTEND;TZID=America/New_York:20260302T100000',
    'RRULE:FREQ=WEEKLY;COUNT=4',
  ];

  it('EXDATE removes exactly that occurrence (in the TZID or in UTC)', () => {
    const sameZone = feed(vevent(...weeklyNewYork, 'EXDATE;TZID=America/New_York:20260309T090000'));
    const expected = [
      '2026-03-02T14:00:00.000Z 2026-03-02T15:00:00.000Z',
      '2026-03-16T13:00:00.000Z 2026-03-16T14:00:00.000Z',
      '2026-03-23T13:00:00.000Z 2026-03-23T14:00:00.000Z',
    ];
    expect(busy(sameZone, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual(expected);
    const inUtc = feed(vevent(...weeklyNewYork, 'EXDATE:20260309T130000Z'));
    expect(busy(inUtc, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual(expected);
  });

  it('a RECURRENCE-ID override moves one occurrence: the old time is free, the new one busy', () => {
    const ics = feed(
      BERLIN,
      vevent(
        'UID:standup',
        'DTSTART;TZID=Europe/Berlin:20260302T090000',
        'DTEND;TZID=Europe/Berlin:20260302T093000',
        'RRULE:FREQ=DAILY;COUNT=3',
      ),
      vevent(
        'UID:standup',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260303T090000',
        'SEQUENCE:1',
        'DTSTART;TZID=Europe/Berlin:20260303T140000',
        'DTEND;TZID=Europe/Berlin:20260303T150000',
      ),
      // Another series' override of the same time does not touch this one.
      vevent(
        'UID:other',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260304T090000',
        'DTSTART;TZID=Europe/Berlin:20260304T120000',
        'DTEND;TZID=Europe/Berlin:20260304T121500',
      ),
    );
    expect(busy(ics, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([
      '2026-03-02T08:00:00.000Z 2026-03-02T08:30:00.000Z',
      '2026-03-03T13:00:00.000Z 2026-03-03T14:00:00.000Z', // moved, and an hour long now
      '2026-03-04T08:00:00.000Z 2026-03-04T08:30:00.000Z',
      '2026-03-04T11:00:00.000Z 2026-03-04T11:15:00.000Z', // alone: its series is not in the feed
    ]);
  });

  it('an occurrence moved out of the window is gone, one moved into it is there', () => {
    const ics = feed(
      vevent('UID:s', 'DTSTART:20260302T100000Z', 'DTEND:20260302T110000Z', 'RRULE:FREQ=WEEKLY'),
      vevent(
        'UID:s',
        'RECURRENCE-ID:20260309T100000Z',
        'DTSTART:20260401T100000Z',
        'DTEND:20260401T110000Z',
      ),
      vevent(
        'UID:s',
        'RECURRENCE-ID:20260406T100000Z',
        'DTSTART:20260310T100000Z',
        'DTEND:20260310T110000Z',
      ),
    );
    expect(busy(ics, '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z')).toEqual([
      '2026-03-02T10:00:00.000Z 2026-03-02T11:00:00.000Z',
      '2026-03-10T10:00:00.000Z 2026-03-10T11:00:00.000Z',
    ]);
  });

  it('an override with STATUS:CANCELLED removes that one occurrence', () => {
    const ics = feed(
      vevent('UID:s', ...weeklyNewYork),
      vevent(
        'UID:s',
        'RECURRENCE-ID:20260316T130000Z', // the 09:00 New York one, given in UTC
        'STATUS:CANCELLED',
        'DTSTART;TZID=America/New_York:20260316T090000',
        'DTEND;TZID=America/New_York:20260316T100000',
      ),
    );
    expect(busy(ics, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([
      '2026-03-02T14:00:00.000Z 2026-03-02T15:00:00.000Z',
      '2026-03-09T13:00:00.000Z 2026-03-09T14:00:00.000Z',
      '2026-03-23T13:00:00.000Z 2026-03-23T14:00:00.000Z',
    ]);
  });
});

describe('what is busy and when', () => {
  const march = ['2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'] as const;

  it('ignores transparent and cancelled events', () => {
    const ics = feed(
      vevent('DTSTART:20260310T100000Z', 'DTEND:20260310T110000Z', 'TRANSP:TRANSPARENT'),
      vevent('DTSTART:20260311T100000Z', 'DTEND:20260311T110000Z', 'STATUS:CANCELLED'),
      vevent('DTSTART:20260312T100000Z', 'DTEND:20260312T110000Z', 'TRANSP:OPAQUE'),
    );
    expect(busy(ics, ...march)).toEqual(['2026-03-12T10:00:00.000Z 2026-03-12T11:00:00.000Z']);
  });

  it('an all-day event blocks the whole local day in the fallback zone', () => {
    const ics = feed(
      vevent('DTSTART;VALUE=DATE:20260310', 'DTEND;VALUE=DATE:20260311'),
      vevent('DTSTART;VALUE=DATE:20260320'), // no DTEND: one day
      // Two days across the night the clocks go forward (8 March in Los Angeles).
      vevent('DTSTART;VALUE=DATE:20260307', 'DTEND;VALUE=DATE:20260309'),
    );
    expect(busy(ics, ...march, 'America/Los_Angeles')).toEqual([
      '2026-03-07T08:00:00.000Z 2026-03-09T07:00:00.000Z',
      '2026-03-10T07:00:00.000Z 2026-03-11T07:00:00.000Z',
      '2026-03-20T07:00:00.000Z 2026-03-21T07:00:00.000Z',
    ]);
  });

  it('a weekly all-day event stays whole local days after a daylight-saving change', () => {
    const ics = feed(
      vevent(
        'DTSTART;VALUE=DATE:20260302',
        'DTEND;VALUE=DATE:20260303',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ),
    );
    expect(busy(ics, ...march, 'America/Los_Angeles')).toEqual([
      '2026-03-02T08:00:00.000Z 2026-03-03T08:00:00.000Z',
      '2026-03-09T07:00:00.000Z 2026-03-10T07:00:00.000Z',
    ]);
  });

  it('reads UTC times as such, floating ones in the fallback zone; DURATION; zero length is free', () => {
    const ics = feed(
      vevent('DTSTART:20260310T100000Z', 'DTEND:20260310T103000Z'),
      vevent('DTSTART:20260311T090000', 'DURATION:PT45M'), // floating
      vevent('DTSTART:20260312T090000Z'), // no DTEND, no DURATION: zero length
    );
    expect(busy(ics, ...march, 'Europe/Paris')).toEqual([
      '2026-03-10T10:00:00.000Z 2026-03-10T10:30:00.000Z',
      '2026-03-11T08:00:00.000Z 2026-03-11T08:45:00.000Z',
    ]);
  });

  it('COUNT and UNTIL end a series (UNTIL is inclusive, also with a TZID luxon converts)', () => {
    const ics = feed(
      vevent('DTSTART:20260302T100000Z', 'DTEND:20260302T110000Z', 'RRULE:FREQ=DAILY;COUNT=2'),
      vevent(
        'DTSTART;TZID=Asia/Tokyo:20260302T090000', // 00:00 UTC, no VTIMEZONE
        'DTEND;TZID=Asia/Tokyo:20260302T100000',
        'RRULE:FREQ=WEEKLY;UNTIL=20260316T000000Z',
      ),
    );
    expect(busy(ics, ...march)).toEqual([
      '2026-03-02T00:00:00.000Z 2026-03-02T01:00:00.000Z',
      '2026-03-02T10:00:00.000Z 2026-03-02T11:00:00.000Z',
      '2026-03-03T10:00:00.000Z 2026-03-03T11:00:00.000Z',
      '2026-03-09T00:00:00.000Z 2026-03-09T01:00:00.000Z',
      '2026-03-16T00:00:00.000Z 2026-03-16T01:00:00.000Z',
    ]);
  });

  it('RDATE adds occurrences to DTSTART (one repeating DTSTART adds nothing)', () => {
    const ics = feed(
      vevent('DTSTART:20260302T100000Z', 'DTEND:20260302T110000Z', 'RDATE:20260305T150000Z'),
      vevent(
        'DTSTART:20260306T150000Z',
        'DTEND:20260306T160000Z',
        'RDATE:20260306T150000Z,20260307T150000Z',
      ),
    );
    expect(busy(ics, ...march)).toEqual([
      '2026-03-02T10:00:00.000Z 2026-03-02T11:00:00.000Z',
      '2026-03-05T15:00:00.000Z 2026-03-05T16:00:00.000Z',
      '2026-03-06T15:00:00.000Z 2026-03-06T16:00:00.000Z',
      '2026-03-07T15:00:00.000Z 2026-03-07T16:00:00.000Z',
    ]);
  });
});

describe('the window [from, to)', () => {
  it('keeps whole occurrences that overlap it, and nothing outside', () => {
    const ics = feed(
      vevent('DTSTART:20260309T230000Z', 'DTEND:20260310T010000Z'), // overlaps the start
      vevent('DTSTART:20260309T220000Z', 'DTEND:20260310T000000Z'), // ends at the start
      vevent('DTSTART:20260310T230000Z', 'DTEND:20260311T020000Z'), // overlaps the end
      vevent('DTSTART:20260311T000000Z', 'DTEND:20260311T010000Z'), // starts at the end
      vevent('DTSTART:20260301T120000Z', 'DTEND:20260301T130000Z', 'RRULE:FREQ=DAILY'),
    );
    expect(busy(ics, '2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z')).toEqual([
      '2026-03-09T23:00:00.000Z 2026-03-10T01:00:00.000Z',
      '2026-03-10T12:00:00.000Z 2026-03-10T13:00:00.000Z',
      '2026-03-10T23:00:00.000Z 2026-03-11T02:00:00.000Z',
    ]);
  });
});

describe('input that is not iCalendar', () => {
  it.each([
    ['hello'],
    [''],
    ['<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Sign in</body></html>'],
    ['BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD'],
  ])('throws CalendarFeedError for %j', (text) => {
    expect(() => busyIntervalsOfFeed(text, window('2026-03-01', '2026-04-01'), 'UTC')).toThrow(
      new CalendarFeedError('Not an iCalendar file'),
    );
  });

  it('throws CalendarFeedError for a calendar it cannot read', () => {
    const broken = feed(vevent('DTSTART:not a date'));
    expect(() => busyIntervalsOfFeed(broken, window('2026-03-01', '2026-04-01'), 'UTC')).toThrow(
      /^The calendar could not be read: /,
    );
    const unclosed = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260301T100000Z\r\n';
    expect(() => busyIntervalsOfFeed(unclosed, window('2026-03-01', '2026-04-01'), 'UTC')).toThrow(
      CalendarFeedError,
    );
  });
});

describe('caps', () => {
  it('returns at most maxIntervals, the earliest', () => {
    const ics = feed(
      vevent('DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RRULE:FREQ=DAILY'),
    );
    const found = busy(ics, '2026-03-01T00:00:00Z', '2026-04-30T00:00:00Z', 'UTC', 10);
    expect(found).toHaveLength(10);
    expect(found[0]).toBe('2026-03-01T09:00:00.000Z 2026-03-01T10:00:00.000Z');
    expect(found[9]).toBe('2026-03-10T09:00:00.000Z 2026-03-10T10:00:00.000Z');
  });

  it('stops expanding a series after 10000 occurrences', () => {
    // Every second since 1 March: the window on 2 March is 86400 occurrences away.
    const ics = feed(vevent('DTSTART:20260301T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'));
    expect(busy(ics, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z')).toEqual([]);
    expect(busy(ics, '2026-03-01T02:46:39Z', '2026-03-01T02:47:00Z')).toEqual([
      '2026-03-01T02:46:39.000Z 2026-03-01T02:46:40.000Z', // the 10000th
    ]);
  });
});

describe('series that began long before the window', () => {
  it('a daily series since 1990 is busy in the window, in few steps (its start moves by whole days)', () => {
    const ics = feed(
      BERLIN,
      vevent(
        'DTSTART;TZID=Europe/Berlin:19900101T090000',
        'DTEND;TZID=Europe/Berlin:19900101T093000',
        'RRULE:FREQ=DAILY',
      ),
      // All day, every Monday since 2000, in the host's zone.
      vevent('DTSTART;VALUE=DATE:20000103', 'RRULE:FREQ=WEEKLY'),
    );
    // 13,000 days away: past the 10,000 steps a series may take, had it been stepped through.
    const found = busyIntervalsOfFeed(
      ics,
      window('2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z'),
      'America/Los_Angeles',
      undefined,
      100,
    );
    expect(iso(found)).toEqual([
      '2026-03-27T08:00:00.000Z 2026-03-27T08:30:00.000Z',
      '2026-03-28T08:00:00.000Z 2026-03-28T08:30:00.000Z',
      '2026-03-29T07:00:00.000Z 2026-03-29T07:30:00.000Z', // summer time in Berlin
      '2026-03-30T07:00:00.000Z 2026-03-30T07:30:00.000Z',
      '2026-03-30T07:00:00.000Z 2026-03-31T07:00:00.000Z', // Monday in Los Angeles
      '2026-03-31T07:00:00.000Z 2026-03-31T07:30:00.000Z',
    ]);
  });

  // The window is 10 weeks after DTSTART, across the change to summer time in Berlin on 29 March.
  const from = new Date('2026-03-20T00:00:00Z');
  const to = new Date('2026-04-10T00:00:00Z');
  /** The occurrences ical.js gives stepping from DTSTART, as [start, end) overlapping the window. */
  const steppedFromDtstart = (ics: string) => {
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    const lengthMs = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime();
    const found: BusyInterval[] = [];
    const occurrences = event.iterator();
    for (let next = occurrences.next(); next && next.toJSDate() < to; next = occurrences.next()) {
      const startsAt = next.toJSDate();
      const endsAt = new Date(startsAt.getTime() + lengthMs);
      if (endsAt > from) found.push({ startsAt, endsAt });
    }
    return iso(found);
  };

  it.each([
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=DAILY;COUNT=80',
    'FREQ=DAILY;UNTIL=20260325T000000Z',
    'FREQ=DAILY;BYMONTHDAY=1,15,28,31',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
    'FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SA,SU',
    'FREQ=HOURLY;INTERVAL=7',
    'FREQ=HOURLY;BYDAY=TU;BYHOUR=9,13',
    'FREQ=MINUTELY;INTERVAL=45;BYHOUR=8,9,10',
    'FREQ=SECONDLY;INTERVAL=5400;BYDAY=WE,FR',
    'FREQ=MONTHLY;BYDAY=-1SU',
  ])('%s gives what stepping from DTSTART gives, in UTC and in a VTIMEZONE', (rule) => {
    for (const [zone, start, end] of [
      ['', 'DTSTART:20260105T083000Z', 'DTEND:20260105T091500Z'],
      [
        BERLIN,
        'DTSTART;TZID=Europe/Berlin:20260105T083000',
        'DTEND;TZID=Europe/Berlin:20260105T091500',
      ],
    ]) {
      const ics = feed(
        ...(zone ? [zone] : []),
        vevent(start!, end!, `RRULE:${rule}`, 'EXDATE:20260106T083000Z,20260327T083000Z'),
      );
      const expected = steppedFromDtstart(ics);
      expect(expected.length).toBeGreaterThan(0);
      expect(iso(busyIntervalsOfFeed(ics, { from, to }, 'UTC'))).toEqual(expected);
    }
  });
});

describe('the occurrence budget of a feed', () => {
  it('is over budget past its steps, in all its series together', () => {
    const daily = (n: number) =>
      vevent(
        `DTSTART:202603${String(n).padStart(2, '0')}T090000Z`,
        'DURATION:PT1H',
        'RRULE:FREQ=DAILY;COUNT=40',
      );
    const ics = feed(daily(1), daily(2), daily(3));
    const march = window('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z');
    // 3 x (40 occurrences and the step that finds no more).
    expect(busyIntervalsOfFeed(ics, march, 'UTC', undefined, 123)).toHaveLength(120);
    expect(() => busyIntervalsOfFeed(ics, march, 'UTC', undefined, 122)).toThrow(
      new FeedBudgetError('The calendar has too many occurrences to read (over 122)'),
    );
  });
});
