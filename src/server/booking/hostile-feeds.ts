// The calendar feeds of the attack finding, built for the tests: each once took the server down
// when it was read on the event loop (calendar-feed-budget.ts).

const calendar = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Attacker//Feed//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** `count` events repeating every second since 1970 (200: 36 KB that held the loop 39 s). */
export function secondlyEventsFeed(count = 200): string {
  return calendar(
    ...Array.from({ length: count }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:every-second-${i}@attacker.example`,
      'DTSTAMP:20260101T000000Z',
      'DTSTART:19700101T000000Z',
      'DTEND:19700101T000001Z',
      'RRULE:FREQ=SECONDLY',
      `SUMMARY:Every second ${i}`,
      'END:VEVENT',
    ]).flat(),
  );
}

/**
 * `count` time zones whose standard and daylight parts change every second since 1970, and an
 * event in each: ical.js expands a zone's changes up to the year it is asked about (300 grew the
 * server to 4.3 GB).
 */
export function secondlyZonesFeed(count = 300): string {
  const zones = Array.from({ length: count }, (_, i) => [
    'BEGIN:VTIMEZONE',
    `TZID:Attacker/Zone-${i}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0000',
    'RRULE:FREQ=SECONDLY',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:19700101T000001',
    'TZOFFSETFROM:+0000',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=SECONDLY',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
  ]);
  const events = Array.from({ length: count }, (_, i) => [
    'BEGIN:VEVENT',
    `UID:zoned-${i}@attacker.example`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=Attacker/Zone-${i}:20261208T100000`,
    `DTEND;TZID=Attacker/Zone-${i}:20261208T110000`,
    'END:VEVENT',
  ]);
  return calendar(...zones.flat(), ...events.flat());
}
