// What the iCalendar tests share: reading our calendar text back the way a mail client would, and
// checking that it holds exactly the components and properties icalendar.ts writes.
import ICAL from 'ical.js';
import { expect } from 'vitest';

/** The properties of each event we write, each exactly once (the host's feed has no ATTENDEE). */
const EVENT_PROPERTIES = [
  'attendee',
  'description',
  'dtend',
  'dtstamp',
  'dtstart',
  'organizer',
  'sequence',
  'status',
  'summary',
  'uid',
  'url',
];
const CALENDAR_PROPERTIES = ['calscale', 'method', 'prodid', 'version'];

/** Property names, sorted; a property written twice shows twice. */
const propertyNames = (component: ICAL.Component) =>
  component
    .getAllProperties()
    .map((p) => p.name)
    .sort();

/**
 * Checks the physical lines (each ends in CRLF, holds no other line break or control character
 * and is at most 75 octets), then parses the text as it arrives through mail: transports turn a
 * lone CR or LF into a line end, so any stray one would start a property of its own there.
 */
export function readCalendar(text: string): ICAL.Component {
  expect(text.endsWith('\r\n'), 'the text ends in CRLF').toBe(true);
  for (const line of text.slice(0, -2).split('\r\n')) {
    expect(line, 'a physical line').not.toMatch(/[\p{Cc}\u2028\u2029\uFFFD]/u);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  return new ICAL.Component(ICAL.parse(text.replace(/\r\n|[\r\n\u2028\u2029]/g, '\r\n')));
}

/**
 * The calendar's events, after checking it holds `count` events and nothing else, and that each
 * event has exactly our properties (and ATTENDEE only when `attendee`).
 */
export function ourEvents(
  calendar: ICAL.Component,
  { count = 1, attendee = true, calendarName = false } = {},
): ICAL.Component[] {
  expect(calendar.name).toBe('vcalendar');
  expect(propertyNames(calendar)).toEqual(
    [...CALENDAR_PROPERTIES, ...(calendarName ? ['x-wr-calname'] : [])].sort(),
  );
  const components = calendar.getAllSubcomponents();
  expect(components.map((c) => c.name)).toEqual(Array(count).fill('vevent'));
  for (const event of components) {
    expect(propertyNames(event)).toEqual(
      EVENT_PROPERTIES.filter((name) => attendee || name !== 'attendee'),
    );
    expect(event.getAllSubcomponents()).toEqual([]);
  }
  return components;
}
