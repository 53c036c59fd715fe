// Every calendar a booked call produces, for a lead whose name tries to write iCalendar lines of
// its own (lone CRs, which mail transports turn into line ends): the invitation, the update and
// the cancellation through a real SMTP server, the lead's "Add to calendar" file and the host's
// subscription feed. Each reads back with ical.js as exactly the event we wrote. The feed also
// keeps the lead's manage link and email to itself.
import type ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterEach, expect, it } from 'vitest';
import type { TBooking } from '../../shared/booking.schema';
import { autoReplyName } from '../notifications/auto-reply';
import { queryRows } from '../test/pg-admin';
import { useMailTestApp, useSignedIn } from '../test/use-test-app';
import { giveHours } from './booking-test-support';
import { bookingLinkFor } from './bookings.service';
import { setBookingClock } from './clock';
import { ourEvents, readCalendar } from './icalendar-test-support';

const { inbox, t } = await useMailTestApp();
const admin = useSignedIn(t);
afterEach(() => setBookingClock(null));

const HOSTILE_NAME =
  'Ada\rATTENDEE:mailto:evil@x.com\rEND:VEVENT\rBEGIN:VEVENT\rUID:evil@x.com\rDTSTART:20261209T130000Z\rSUMMARY:Free money\rEND:VEVENT\rBEGIN:VEVENT\rX-TAIL:x Lovelace';
const LEAD_EMAIL = 'ada@example.com';
/** The name as a TEXT value of the host's feed reads back (each CR a line break). */
const NAME_AS_TEXT = HOSTILE_NAME.replace(/\r/g, '\n');
/** What the lead's own copies quote of it: the auto-reply's cleaned name (booking-relay.test.ts). */
const QUOTED_NAME = autoReplyName(HOSTILE_NAME);

async function hostileLead() {
  const [row] = await queryRows<{ id: number }>(
    t.db.url,
    `insert into contacts (name, email, source) values ($1, $2, 'api') returning id`,
    [HOSTILE_NAME, LEAD_EMAIL],
  );
  const link = await bookingLinkFor(t.deps.orm.em.fork(), row!.id, 168);
  return { id: row!.id, token: link!.token };
}

/** The one event of a calendar we sent the lead or the host, with the lead as its attendee. */
function leadEvent(text: string, method: string, sequence: number): ICAL.Component {
  const calendar = readCalendar(text);
  expect(calendar.getFirstPropertyValue('method')).toBe(method);
  const [event] = ourEvents(calendar);
  expect(event!.getFirstPropertyValue('sequence')).toBe(sequence);
  expect(event!.getFirstPropertyValue('summary')).toContain(QUOTED_NAME);
  const attendee = event!.getFirstProperty('attendee')!;
  expect(attendee.getFirstValue()).toBe(`mailto:${LEAD_EMAIL}`);
  expect(attendee.getParameter('cn')).toBe(QUOTED_NAME);
  return event!;
}

/** Every copy of an email's calendar: the iMIP text/calendar part and the invite.ics files. */
function calendarsOf(mail: ParsedMail): string[] {
  const parts = mail.attachments.filter((a) =>
    ['text/calendar', 'application/ics'].includes(a.contentType),
  );
  expect(parts.map((a) => a.contentType)).toContain('text/calendar');
  return parts.map((a) => a.content.toString('utf8'));
}

/** Waits for the lead's and the host's email and checks every calendar in them. */
async function expectInvitations(method: string, sequence: number) {
  const mails = await inbox.waitFor(2);
  expect(mails).toHaveLength(2);
  for (const text of mails.flatMap(calendarsOf)) leadEvent(text, method, sequence);
  inbox.messages.length = 0;
}

it('writes a hostile name as a value in every calendar: emails, Add to calendar, the host feed', async () => {
  setBookingClock(new Date('2026-12-07T08:00:00Z'));
  await giveHours(admin, admin.userId, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    overrides: [],
  });
  const lead = await hostileLead();
  const booked = await t.anonymous().rest<TBooking>('POST', '/bookings', {
    token: lead.token,
    startsAt: '2026-12-09T12:00:00Z',
  });
  expect(booked.status).toBe(201);
  await expectInvitations('REQUEST', 0);

  const manageToken = booked.body.manageUrl.split('/').pop()!;
  const file = await fetch(`${t.url}/api/bookings/manage/${manageToken}/calendar.ics`);
  expect(file.status).toBe(200);
  const inFile = leadEvent(await file.text(), 'PUBLISH', 0);
  expect(inFile.getFirstPropertyValue('url')).toBe(`http://convoza.test/booking/${manageToken}`);

  const { body } = await admin.rest<{ url: string }>(
    'GET',
    `/users/${admin.userId}/calendar-subscription`,
  );
  const feedText = await (await fetch(`${t.url}${new URL(body.url).pathname}`)).text();
  // The feed is for the host: it neither manages the call nor hands out the lead's address
  // (looked for in the unfolded text, where a long line cannot hide them).
  const unfolded = feedText.replace(/\r\n[ \t]/g, '');
  expect(unfolded).toContain(`UID:booking-${booked.body.id}@convoza.ai`);
  expect(unfolded).not.toContain(manageToken);
  expect(unfolded).not.toContain(LEAD_EMAIL);
  const [inFeed] = ourEvents(readCalendar(feedText), { attendee: false, calendarName: true });
  const contactUrl = `http://convoza.test/admin/contacts?contact=${lead.id}`;
  expect(inFeed!.getFirstPropertyValue('url')).toBe(contactUrl);
  expect(inFeed!.getFirstPropertyValue('description')).toBe(
    `Strategy call with ${NAME_AS_TEXT}.\nContact: ${contactUrl}\nMeetings: http://convoza.test/admin/meetings`,
  );
  expect(inFeed!.getFirstPropertyValue('summary')).toContain(QUOTED_NAME);

  const manage = `/bookings/manage/${manageToken}`;
  const moved = await t
    .anonymous()
    .rest('POST', `${manage}/reschedule`, { startsAt: '2026-12-10T14:00:00Z' });
  expect(moved.status).toBe(200);
  await expectInvitations('REQUEST', 1);

  expect((await t.anonymous().rest('POST', `${manage}/cancel`, {})).status).toBe(200);
  await expectInvitations('CANCEL', 2);
});
