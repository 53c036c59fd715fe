// iCalendar (RFC 5545) text for booked calls: the invitation and cancellation of iMIP emails
// (RFC 5546 METHOD:REQUEST / CANCEL), the "Add to calendar" file and the host's subscription feed
// (METHOD:PUBLISH). Written by hand because it is a few lines; the tests read it back with ical.js.

export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface CalendarEvent {
  bookingId: number;
  /** Raised on every move (RFC 5546: a higher SEQUENCE replaces the attendee's copy). */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  summary: string;
  description: string;
  /** The lead's manage link. */
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** The same UID for a booking in every message, so a calendar updates one event. */
export const bookingUid = (bookingId: number) => `booking-${bookingId}@convoza.ai`;

/** 20261126T090000Z */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** A CN parameter is quoted; a quote cannot appear inside, so it is dropped. */
const commonName = (name: string) => `"${name.replace(/["\r\n]/g, '')}"`;

/** Lines longer than 75 octets are folded onto continuation lines that start with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (parts.length ? 74 : 75), bytes.length);
    // Never split a UTF-8 sequence: step back over continuation bytes.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent, method: CalendarMethod, now: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${bookingUid(event.bookingId)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${commonName(event.organizer.name)}:mailto:${event.organizer.email}`,
    // A request asks the lead to answer; a published copy is only informational.
    `ATTENDEE;CN=${commonName(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${
      method === 'REQUEST' ? 'NEEDS-ACTION;RSVP=TRUE' : 'ACCEPTED'
    }:mailto:${event.attendee.email}`,
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR, CRLF line ends and folded lines as the RFC requires. */
export function calendarText(
  method: CalendarMethod,
  events: CalendarEvent[],
  now: Date,
  name?: string,
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Convoza//Strategy calls//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${text(name)}`] : []),
    ...events.flatMap((event) => eventLines(event, method, now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
