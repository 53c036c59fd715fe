// The calendar the feed tests serve from their own HTTP server.

/** A weekly series (Mondays and Wednesdays 10:00-11:00 UTC), one Wednesday cut, one Monday moved. */
export const WEEKLY_STANDUP_FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//Feed//EN',
  'BEGIN:VEVENT',
  'UID:standup@example.com',
  'DTSTAMP:20261101T000000Z',
  'DTSTART:20261207T100000Z',
  'DTEND:20261207T110000Z',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6',
  'EXDATE:20261209T100000Z',
  'SUMMARY:Standup',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:standup@example.com',
  'DTSTAMP:20261101T000000Z',
  'RECURRENCE-ID:20261214T100000Z',
  'DTSTART:20261214T140000Z',
  'DTEND:20261214T150000Z',
  'SUMMARY:Standup (moved)',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
