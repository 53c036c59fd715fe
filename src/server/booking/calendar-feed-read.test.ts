// A feed read in its child process: the same busy times as read in place, the host's error for
// what is not a calendar, and each budget ending the read with its own reason (small budgets here,
// so each is the one that ends it; calendar-feed-budget.test.ts runs the real ones against the
// server).
import { describe, expect, it } from 'vitest';
import { FEED_READ_BUDGET, FeedBudgetError, type FeedReadBudget } from './calendar-feed-budget';
import { busyIntervalsOfFeed, CalendarFeedError } from './calendar-feed-parse';
import { readFeedInChildProcess } from './calendar-feed-read';
import { secondlyEventsFeed, secondlyZonesFeed } from './hostile-feeds';

const window = { from: new Date('2026-12-06T00:00:00Z'), to: new Date('2027-02-05T00:00:00Z') };
const read = (text: string, budget: Partial<FeedReadBudget> = {}) =>
  readFeedInChildProcess(text, window, 'Europe/Berlin', { ...FEED_READ_BUDGET, ...budget });
const feed = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join(
    '\r\n',
  );
const event = (...lines: string[]) => [
  'BEGIN:VEVENT',
  'UID:e@example.com',
  'DTSTAMP:20261101T000000Z',
  ...lines,
  'END:VEVENT',
];

describe('reading a feed in a child process', () => {
  it('gives the busy times read in place', async () => {
    const weekly = feed(
      ...event(
        'DTSTART;TZID=Europe/Berlin:20261207T090000',
        'DTEND;TZID=Europe/Berlin:20261207T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
      ),
      ...event('DTSTART;VALUE=DATE:20261224', 'DTEND;VALUE=DATE:20261227'),
    );
    const inChild = await read(weekly);
    expect(inChild).toHaveLength(19); // 18 Mondays and Wednesdays, Christmas
    expect(inChild).toEqual(busyIntervalsOfFeed(weekly, window, 'Europe/Berlin'));
  });

  it('passes on why a feed is not a calendar', async () => {
    await expect(read('<html>Sign in</html>')).rejects.toEqual(
      new CalendarFeedError('Not an iCalendar file'),
    );
  });

  it('refuses a text over the size budget without starting a process', async () => {
    const big = feed(...event('DTSTART:20261207T090000Z', `DESCRIPTION:${'x'.repeat(1024 ** 2)}`));
    await expect(read(big, { maxChars: 1024 ** 2 })).rejects.toEqual(
      new FeedBudgetError('The calendar is larger than 1 MB'),
    );
  });

  it('stops at the occurrence budget', async () => {
    await expect(read(secondlyEventsFeed(3), { maxOccurrences: 1000 })).rejects.toEqual(
      new FeedBudgetError('The calendar has too many occurrences to read (over 1,000)'),
    );
  });

  it('kills a read over the time budget: a rule that never matches loops inside ical.js', async () => {
    // Every second of every 30 February: ical.js looks for the next one without end.
    const never = feed(
      ...event('DTSTART:20260101T000000Z', 'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30'),
    );
    await expect(read(never, { timeoutMs: 1500 })).rejects.toEqual(
      new FeedBudgetError('The calendar took too long to read (over 1.5 s)'),
    );
  });

  it('ends a read over the memory budget: one time zone that changes every second', async () => {
    await expect(read(secondlyZonesFeed(1), { heapMb: 32, timeoutMs: 60_000 })).rejects.toEqual(
      new FeedBudgetError('The calendar needs more memory to read than allowed (32 MB)'),
    );
  }, 90_000);
});
