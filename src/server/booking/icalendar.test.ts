// The iCalendar text of booked calls under hostile input: names, emails and links holding line
// breaks in every spelling, control characters, iCalendar syntax and long multi-byte text are
// written as values, never as lines of their own. Read back with ical.js as a mail client gets it.
import type ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, type CalendarEvent, type CalendarMethod } from './icalendar';
import { ourEvents, readCalendar } from './icalendar-test-support';

const NOW = new Date('2026-12-07T08:00:00Z');
const MANAGE_URL = 'https://convoza.test/booking/abc';

/** Names a visitor can type into the contact form, each trying to write lines of its own. */
const HOSTILE_NAMES = {
  'lone CRs':
    'Ada\rATTENDEE:mailto:evil@x.com\rEND:VEVENT\rBEGIN:VEVENT\rUID:evil@x.com\rDTSTART:20261209T120000Z\rSUMMARY:Free money\rEND:VEVENT\rBEGIN:VEVENT\rX-TAIL:x',
  CRLFs: 'Ada\r\nORGANIZER:mailto:evil@x.com\r\nLOCATION:https://evil.example',
  'lone LFs': 'Ada\nATTENDEE;CN=Eve:mailto:evil@x.com\nEND:VEVENT',
  'line and paragraph separators': 'Ada\u2028ATTENDEE:mailto:evil@x.com\u2029END:VEVENT',
  'iCalendar punctuation': 'Lovelace; Ada, "the Countess": C:\\new\\table ^n ^\' ^^',
  'long multi-byte text': `Ada Lövelace 名前 🙂 ${'Ünïcödé 名前 😀 '.repeat(40)}`,
  'long multi-byte text, shifted': `x ${'Ünïcödé 名前 😀 '.repeat(40)}`,
};

/** What a TEXT value reads back as: every line break one LF. */
const asText = (value: string) => value.replace(/\r\n|[\r\u2028\u2029]/g, '\n');
/** What a CN parameter reads back as: line breaks become spaces, quotes and backslashes go. */
const asParameter = (value: string) =>
  value.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ').replace(/["\\]/g, '');

function callOf(name: string, overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    bookingId: 7,
    sequence: 2,
    startsAt: new Date('2026-12-09T12:00:00Z'),
    endsAt: new Date('2026-12-09T12:30:00Z'),
    cancelled: false,
    summary: `Convoza strategy call: ${name} and Hana Host`,
    description: `Your strategy call with ${name}.\nReschedule or cancel: ${MANAGE_URL}`,
    url: MANAGE_URL,
    organizer: { name, email: 'hana@convoza.test' },
    attendee: { name, email: 'ada@example.com' },
    ...overrides,
  };
}

const value = (event: ICAL.Component, name: string) => event.getFirstPropertyValue(name);
const parameter = (event: ICAL.Component, name: string, param: string) =>
  event.getFirstProperty(name)!.getParameter(param);

describe('calendarText', () => {
  for (const method of ['REQUEST', 'CANCEL', 'PUBLISH'] as CalendarMethod[])
    it.each(Object.entries(HOSTILE_NAMES))(`${method}: a name with %s stays a value`, (_, name) => {
      const [event] = ourEvents(readCalendar(calendarText(method, [callOf(name)], NOW)));
      expect(value(event!, 'uid')).toBe('booking-7@convoza.ai');
      expect(value(event!, 'sequence')).toBe(2);
      expect(value(event!, 'summary')).toBe(asText(`Convoza strategy call: ${name} and Hana Host`));
      expect(value(event!, 'description')).toBe(
        asText(`Your strategy call with ${name}.\nReschedule or cancel: ${MANAGE_URL}`),
      );
      expect(value(event!, 'url')).toBe(MANAGE_URL);
      expect(value(event!, 'organizer')).toBe('mailto:hana@convoza.test');
      expect(value(event!, 'attendee')).toBe('mailto:ada@example.com');
      expect(parameter(event!, 'organizer', 'cn')).toBe(asParameter(name));
      expect(parameter(event!, 'attendee', 'cn')).toBe(asParameter(name));
    });

  it('drops control characters, keeps a tab as a space and a NEL as a line break', () => {
    const name = 'A\u0000d\u0007a\u001b\u007f\u0085L\tove\u000b\u000clace\u0080\u009f';
    const [event] = ourEvents(readCalendar(calendarText('REQUEST', [callOf(name)], NOW)));
    expect(value(event!, 'summary')).toBe('Convoza strategy call: Ada\nL ovelace and Hana Host');
    expect(parameter(event!, 'attendee', 'cn')).toBe('Ada L ovelace');
  });

  it('writes emails and links as URIs, without line breaks, spaces or controls', () => {
    const cases = [
      [
        'ada@example.com\r\nATTENDEE:mailto:evil@x.com',
        'ada@example.comATTENDEE:mailto:evil@x.com',
      ],
      ['ada@example.com\rEND:VEVENT', 'ada@example.comEND:VEVENT'],
      ['ada lovelace@example.com?cc=evil@x.com', 'adalovelace@example.com%3Fcc%3Devil@x.com'],
      ['jörg@example.de', 'j%C3%B6rg@example.de'],
      ['"Ada";x@example.com\u2028', '%22Ada%22;x@example.com'],
    ];
    for (const [email, written] of cases) {
      const call = callOf('Ada', {
        url: `${MANAGE_URL}\rATTENDEE:mailto:${email} "<x>"`,
        organizer: { name: 'Hana', email: email! },
        attendee: { name: 'Ada', email: email! },
      });
      const [event] = ourEvents(readCalendar(calendarText('REQUEST', [call], NOW)));
      expect(value(event!, 'attendee')).toBe(`mailto:${written}`);
      expect(value(event!, 'organizer')).toBe(`mailto:${written}`);
      expect(value(event!, 'url')).toMatch(/^https:\/\/convoza\.test\/booking\/abcATTENDEE:/);
      expect(value(event!, 'url')).toMatch(/^[!-~]+$/);
      expect(String(value(event!, 'url')).endsWith('%22%3Cx%3E%22')).toBe(true);
    }
  });

  it('writes one VEVENT per call in a feed, and no ATTENDEE for a call without one', () => {
    const calls = Object.values(HOSTILE_NAMES).map((name, i) => ({
      ...callOf(name, { bookingId: i + 1 }),
      attendee: undefined,
    }));
    const calendar = readCalendar(calendarText('PUBLISH', calls, NOW, 'Convoza\r\nX-EVIL:1'));
    // ical.js does not know X-WR-CALNAME is TEXT, so it gives the value as written.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Convoza\\nX-EVIL:1');
    const events = ourEvents(calendar, {
      count: calls.length,
      attendee: false,
      calendarName: true,
    });
    expect(events.map((e) => value(e, 'uid'))).toEqual(
      calls.map((c) => `booking-${c.bookingId}@convoza.ai`),
    );
  });
});
