// iCalendar (RFC 5545) text for booked calls: the invitation and cancellation of iMIP emails
// (RFC 5546 METHOD:REQUEST / CANCEL), the "Add to calendar" file and the host's subscription feed
// (METHOD:PUBLISH). Written by hand because it is a few lines; the tests read it back with ical.js.
//
// Names, emails and links come from visitors, and mail transports turn any CR or LF into a line
// end: one stray character would start a property (or an event) of its own. So every line is made
// by `property`, which takes only values that went through one of the escapes below.

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
  /** The lead's manage link, or for the host's feed the contact in the back office. */
  url: string;
  organizer: { name: string; email: string };
  /** The lead; the host's feed leaves it out (it would hand the lead's address to the feed). */
  attendee?: { name: string; email: string };
}

/** The same UID for a booking in every message, so a calendar updates one event. */
export const bookingUid = (bookingId: number) => `booking-${bookingId}@convoza.ai`;

/** A value in iCalendar syntax: only the escapes below make one, so nothing reaches a line raw. */
type Escaped = string & { readonly __icalEscaped: true };

/** Every spelling of a line break, NEL and the Unicode separators included. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/**
 * The text with each line break as one LF, a tab as a space, and no other control character
 * (C0, DEL, C1): none is shown, and a reader or transport may take one for a line end.
 */
const plain = (value: string) =>
  value
    .replace(LINE_BREAK, '\n')
    .replace(/\t/g, ' ')
    .replace(/(?!\n)\p{Cc}/gu, '');

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const text = (value: string) =>
  plain(value).replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`)) as Escaped;

/**
 * A parameter value (a CN) is quoted and cannot hold a quote or a line break (RFC 5545 3.1): a
 * line break becomes a space and a quote is dropped. Readers disagree on the rest, so a backslash
 * is dropped too (ical.js reads "\n" there as a line break, RFC 5545 as two characters) and a
 * caret is doubled (RFC 6868, which ical.js applies: "^n" would read as a line break).
 */
const quoted = (value: string) =>
  `"${plain(value).replace(/\n/g, ' ').replace(/["\\]/g, '').replace(/\^/g, '^^')}"` as Escaped;

/** Characters a URI holds as they are (RFC 3986); any other is percent-encoded. */
const URI_CHAR = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]$/;
/** In a mailto address "?", "&", "=", "#" and "%" would start headers or escapes (RFC 6068). */
const MAILTO_CHAR = /^[A-Za-z0-9\-._~!$'()*+,;:@]$/;

const percentEncoded = (char: string) =>
  [...Buffer.from(char, 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');

/** A URI value: whitespace and controls removed (no legitimate link or address holds them). */
function uriOf(value: string, safe: RegExp): string {
  const chars = [...value.replace(/[\p{Cc}\s]/gu, '')];
  return chars.map((c) => (safe.test(c) ? c : percentEncoded(c))).join('');
}

const uri = (value: string) => uriOf(value, URI_CHAR) as Escaped;
const mailto = (email: string) => `mailto:${uriOf(email, MAILTO_CHAR)}` as Escaped;

/** Words we choose (names of components, statuses, UIDs, dates, numbers): refused if not plain. */
function token(value: string | number): Escaped {
  const word = String(value);
  if (!/^[A-Za-z0-9.@-]+$/.test(word)) throw new Error(`Not an iCalendar token: ${word}`);
  return word as Escaped;
}

/** 20261126T090000Z */
const utc = (date: Date) =>
  token(
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, ''),
  );

/** One content line, NAME;PARAM=value:value, from escaped parts only. */
function property(name: string, value: Escaped, params: [string, Escaped][] = []): string {
  return `${name}${params.map(([param, v]) => `;${param}=${v}`).join('')}:${value}`;
}

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

function attendeeLine(attendee: { name: string; email: string }, method: CalendarMethod) {
  // A request asks the lead to answer; a published copy is only informational.
  const answer: [string, Escaped][] =
    method === 'REQUEST'
      ? [
          ['PARTSTAT', token('NEEDS-ACTION')],
          ['RSVP', token('TRUE')],
        ]
      : [['PARTSTAT', token('ACCEPTED')]];
  return property('ATTENDEE', mailto(attendee.email), [
    ['CN', quoted(attendee.name)],
    ['ROLE', token('REQ-PARTICIPANT')],
    ...answer,
  ]);
}

function eventLines(event: CalendarEvent, method: CalendarMethod, now: Date): string[] {
  return [
    property('BEGIN', token('VEVENT')),
    property('UID', token(bookingUid(event.bookingId))),
    property('SEQUENCE', token(event.sequence)),
    property('DTSTAMP', utc(now)),
    property('DTSTART', utc(event.startsAt)),
    property('DTEND', utc(event.endsAt)),
    property('SUMMARY', text(event.summary)),
    property('DESCRIPTION', text(event.description)),
    property('URL', uri(event.url)),
    property('STATUS', token(event.cancelled ? 'CANCELLED' : 'CONFIRMED')),
    property('ORGANIZER', mailto(event.organizer.email), [['CN', quoted(event.organizer.name)]]),
    ...(event.attendee ? [attendeeLine(event.attendee, method)] : []),
    property('END', token('VEVENT')),
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
    property('BEGIN', token('VCALENDAR')),
    property('VERSION', token('2.0')),
    property('PRODID', text('-//Convoza//Strategy calls//EN')),
    property('CALSCALE', token('GREGORIAN')),
    property('METHOD', token(method)),
    ...(name ? [property('X-WR-CALNAME', text(name))] : []),
    ...events.flatMap((event) => eventLines(event, method, now)),
    property('END', token('VCALENDAR')),
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
