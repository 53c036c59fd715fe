// The emails of a booked call through a real SMTP server: iMIP invitations to the lead and the
// host, read back with an independent iCalendar parser (ical.js); a move keeps the UID and raises
// SEQUENCE, a cancel sends METHOD:CANCEL; reminders are held until due and never sent for a call
// that moved or was cancelled.
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterEach, expect, it } from 'vitest';
import type { TBooking } from '../../shared/booking.schema';
import type { TOutboxMessage } from '../../shared/notifications.schema';
import { queryRows } from '../test/pg-admin';
import { useMailTestApp, useSignedIn } from '../test/use-test-app';
import { bookingLinkFor } from './bookings.service';
import { setBookingClock } from './clock';

const { inbox, t } = await useMailTestApp();
const admin = useSignedIn(t);
afterEach(() => setBookingClock(null));

/** The host (the signed-in admin, named), working every day 09:00-17:00 UTC. */
async function hostWithHours() {
  await queryRows(
    t.db.url,
    "update users set first_name = 'Hana', last_name = 'Host' where id = $1",
    [admin.userId],
  );
  const saved = await admin.rest('PUT', `/users/${admin.userId}/availability`, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    overrides: [],
  });
  expect(saved.status).toBe(200);
}

async function lead() {
  const [row] = await queryRows<{ id: number }>(
    t.db.url,
    `insert into contacts (name, email, source) values ('Ada Lovelace', 'ada@example.com', 'api') returning id`,
  );
  const link = await bookingLinkFor(t.deps.orm.em.fork(), row!.id, 168);
  return { id: row!.id, token: link!.token };
}

interface Invitation {
  method: string;
  uid: string;
  sequence: number;
  start: string;
  end: string;
  startZone: string;
  status: string;
  organizer: string;
  organizerName: string;
  attendee: string;
  description: string;
  url: string;
}

/** The email's text/calendar part (the iMIP one), parsed by ical.js, and its invite.ics copy. */
function invitationOf(mail: ParsedMail): Invitation & { partMethod: string; attached: string } {
  const part = mail.attachments.find((a) => a.contentType === 'text/calendar');
  const file = mail.attachments.find((a) => a.filename === 'invite.ics');
  expect(part, 'a text/calendar part').toBeDefined();
  expect(mail.attachments.filter((a) => a.filename === 'invite.ics')).toHaveLength(1);
  expect(file?.contentType).toBe('application/ics');
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
  const organizer = event.getFirstProperty('organizer')!;
  const contentType = part!.headers.get('content-type') as { params: Record<string, string> };
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    partMethod: contentType.params.method ?? '',
    attached: file!.content.toString('utf8'),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: start.toJSDate().toISOString(),
    startZone: start.zone?.tzid ?? '',
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    status: String(event.getFirstPropertyValue('status')),
    organizer: String(organizer.getFirstValue()),
    organizerName: String(organizer.getParameter('cn')),
    attendee: String(event.getFirstPropertyValue('attendee')),
    description: String(event.getFirstPropertyValue('description')),
    url: String(event.getFirstPropertyValue('url')),
  };
}

/** A new lead books the host at `startsAt` through their booking link. */
async function leadBooks(startsAt: string, options: { timeZone?: string } = {}) {
  const { token } = await lead();
  return t.anonymous().rest<TBooking>('POST', '/bookings', { token, startsAt, ...options });
}

const to = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
const outbox = async () =>
  (await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox')).body;

it('invites the lead and the host by iMIP; a move keeps the UID and raises SEQUENCE; a cancel is METHOD:CANCEL', async () => {
  setBookingClock(new Date('2026-12-07T08:00:00Z'));
  await hostWithHours();
  const booked = await leadBooks('2026-12-09T12:00:00Z', { timeZone: 'Europe/Berlin' });
  expect(booked.status).toBe(201);

  const first = await inbox.waitFor(2);
  const [host] = await queryRows<{ email: string }>(
    t.db.url,
    'select email from users where id = $1',
    [admin.userId],
  );
  expect(first.map(to).sort()).toEqual(['ada@example.com', host!.email].sort());
  const forLead = first.find((m) => to(m) === 'ada@example.com')!;
  const forHost = first.find((m) => to(m) !== 'ada@example.com')!;
  expect(forLead.subject).toBe(
    'Your Convoza strategy call is booked: Wednesday, 9 December 2026 at 13:00 (Europe/Berlin)',
  );
  const manageUrl = `http://convoza.test${booked.body.manageUrl}`;
  expect(forLead.text).toContain(manageUrl);
  expect(forLead.text).toContain('Hana Host');
  expect(forHost.subject).toBe(
    'Booked call: Ada Lovelace, Wednesday, 9 December 2026 at 12:00 (UTC)',
  );
  for (const mail of first) {
    const invite = invitationOf(mail);
    expect(invite).toMatchObject({
      method: 'REQUEST',
      partMethod: 'REQUEST',
      uid: `booking-${booked.body.id}@convoza.ai`,
      sequence: 0,
      start: '2026-12-09T12:00:00.000Z',
      startZone: 'UTC',
      end: '2026-12-09T12:30:00.000Z',
      status: 'CONFIRMED',
      organizer: `mailto:${to(forHost)}`,
      organizerName: 'Hana Host',
      attendee: 'mailto:ada@example.com',
    });
    expect(invite.attached).toContain('METHOD:REQUEST');
  }
  // The lead's invitation carries their manage link; the host's only the back office's, so
  // nothing reading the rep's calendar can cancel the call on the lead's behalf.
  const manageToken = booked.body.manageUrl.split('/').pop()!;
  expect(invitationOf(forLead)).toMatchObject({
    description: expect.stringContaining(manageUrl),
    url: manageUrl,
  });
  const hostInvite = invitationOf(forHost);
  expect(hostInvite.description).toContain('http://convoza.test/admin/contacts?contact=');
  expect(hostInvite.url).toMatch(/^http:\/\/convoza\.test\/admin\/contacts\?contact=\d+$/);
  expect(JSON.stringify([hostInvite, forHost.text])).not.toContain(manageToken);

  const manage = `/bookings/manage/${booked.body.manageUrl.split('/').pop()}`;
  inbox.messages.length = 0;
  expect(
    (await t.anonymous().rest('POST', `${manage}/reschedule`, { startsAt: '2026-12-10T14:00:00Z' }))
      .status,
  ).toBe(200);
  const moved = await inbox.waitFor(2);
  for (const mail of moved)
    expect(invitationOf(mail)).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${booked.body.id}@convoza.ai`,
      sequence: 1,
      start: '2026-12-10T14:00:00.000Z',
    });
  expect(moved.find((m) => to(m) === 'ada@example.com')!.subject).toBe(
    'Your Convoza strategy call has moved: Thursday, 10 December 2026 at 15:00 (Europe/Berlin)',
  );

  inbox.messages.length = 0;
  expect((await t.anonymous().rest('POST', `${manage}/cancel`, {})).status).toBe(200);
  const cancelled = await inbox.waitFor(2);
  for (const mail of cancelled)
    expect(invitationOf(mail)).toMatchObject({
      method: 'CANCEL',
      partMethod: 'CANCEL',
      uid: `booking-${booked.body.id}@convoza.ai`,
      // Above the move's 1: calendars apply the newest message of an event.
      sequence: 2,
      status: 'CANCELLED',
    });
});

it('holds the reminders until due and suppresses those of a moved or cancelled call', async () => {
  setBookingClock(new Date('2026-12-07T08:00:00Z'));
  await hostWithHours();
  const booked = await leadBooks('2026-12-09T12:00:00Z');
  await inbox.waitFor(2);
  const reminders = () => outbox().then((all) => all.filter((m) => m.kind === 'booking_reminder'));
  expect((await reminders()).map((m) => [m.to, m.status, m.sendAfter])).toEqual([
    ['ada@example.com', 'queued', '2026-12-09T11:00:00.000Z'],
    ['ada@example.com', 'queued', '2026-12-08T12:00:00.000Z'],
  ]);

  const manage = `/bookings/manage/${booked.body.manageUrl.split('/').pop()}`;
  await t.anonymous().rest('POST', `${manage}/reschedule`, { startsAt: '2026-12-10T14:00:00Z' });
  expect((await reminders()).map((m) => [m.status, m.sendAfter, m.lastError])).toEqual([
    ['queued', '2026-12-10T13:00:00.000Z', null],
    ['queued', '2026-12-09T14:00:00.000Z', null],
    ['suppressed', '2026-12-09T11:00:00.000Z', 'The call was moved'],
    ['suppressed', '2026-12-08T12:00:00.000Z', 'The call was moved'],
  ]);
  await t.anonymous().rest('POST', `${manage}/cancel`, {});
  expect(new Set((await reminders()).map((m) => m.status))).toEqual(new Set(['suppressed']));

  // Their jobs come due now: the worker checks each message as it sends, and sends none.
  inbox.messages.length = 0;
  await t.db
    .em()
    .execute(
      "update pgboss.job set start_after = now() where name = 'email' and state = 'created'",
    );
  await new Promise((r) => setTimeout(r, 2500));
  expect(inbox.messages.filter((m) => m.subject?.startsWith('Reminder'))).toEqual([]);
});

it('sends a reminder when it comes due, with the manage link', async () => {
  // Booked "a week ago" (the booking clock) for a call now 30 minutes away in real time.
  const startsAt = new Date(Math.ceil((Date.now() + 70 * 60_000) / 3_600_000) * 3_600_000);
  setBookingClock(new Date(startsAt.getTime() - 3 * 24 * 3_600_000));
  await admin.rest('PUT', `/users/${admin.userId}/availability`, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    overrides: [],
  });
  const booked = await leadBooks(startsAt.toISOString());
  expect(booked.status).toBe(201);
  // The 24-hour reminder is due at once (its time has passed in real time); the 1-hour one later.
  const mails = await inbox.waitFor(3);
  const reminder = mails.find(
    (m) => m.subject === 'Reminder: your Convoza strategy call in 24 hours',
  );
  expect(reminder?.text).toContain(`http://convoza.test${booked.body.manageUrl}`);
  expect(reminder?.attachments).toEqual([]);
});
