// Booking the strategy call through the API, as a lead's browser and an integration would:
// the submission's booking link, free times, booking (never twice for one time), and the hosts'
// hours and the settings in the back office. Both transports.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TBooking, TSlots } from '../../shared/booking.schema';
import { NO_SHOW_FOLLOW_UP } from '../../shared/booking.schema';
import type { TTaskPage } from '../../shared/tasks.schema';
import { DEFAULT_BOOKING_SETTINGS } from '../../shared/booking.schema';
import type { TIntegrationKeyCreated } from '../../shared/integration-keys.schema';
import { queryRows } from '../test/pg-admin';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import * as support from './booking-test-support';
import { BERLIN_WEEKDAYS } from './booking-test-support';
import { BOOKING_LIMITS } from './booking-throttle';
import { setBookingClock } from './clock';

const t = useTestApp({ app: { trustProxy: 'loopback' } });
const admin = useSignedIn(t);

// Monday 7 December 2026, 08:00 UTC = 09:00 in Berlin.
const NOW = new Date('2026-12-07T08:00:00Z');
beforeEach(() => setBookingClock(NOW));
afterEach(() => setBookingClock(null));

const giveHours = (userId: number, hours?: object) => support.giveHours(admin, userId, hours);
const newLead = (n = 1, ownerId: number | null = null) => support.newLead(t, n, ownerId);
const slotsOf = (token: string, query?: string) => support.slotsOf(t, token, query);
const book = (token: string, startsAt: string) => support.book(t, token, startsAt);

/** Each host takes at most `calls` calls a day. */
const capCallsPerHostDay = (calls: number) =>
  admin.rest('PUT', '/booking/settings', { ...DEFAULT_BOOKING_SETTINGS, maxPerDayPerHost: calls });

/** `count` new leads book at once, the i-th at `at(i)`: the answers, in order. */
async function leadsBook(count: number, at: (i: number) => string) {
  const leads = await Promise.all(Array.from({ length: count }, (_, i) => newLead(i + 1)));
  return Promise.all(leads.map((l, i) => book(l.token, at(i))));
}
/** An hour apart from Monday 7 December, 11:00 Berlin. */
const hourApart = (i: number) =>
  new Date(Date.parse('2026-12-07T10:00:00Z') + i * 60 * 60_000).toISOString();

const confirmedCount = async () => {
  const [row] = await queryRows<{ n: string }>(
    t.db.url,
    `select count(*) as n from bookings where status = 'confirmed'`,
  );
  return Number(row!.n);
};
/** The hosts of the confirmed calls, one entry per call, by id. */
const confirmedHosts = async () =>
  (
    await queryRows<{ host_id: number }>(
      t.db.url,
      `select host_id from bookings where status = 'confirmed' order by host_id`,
    )
  ).map((r) => r.host_id);

describe('the submission answer', () => {
  it('carries the booking link while booking is on, and none when it is off', async () => {
    const { key } = (
      await admin.rest<TIntegrationKeyCreated>('POST', '/integration-keys', { name: 'crm' })
    ).body;
    const submit = () =>
      fetch(`${t.url}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hello there' }),
      }).then((r) => r.json() as Promise<{ booking?: { token: string; url: string } }>);
    const answer = await submit();
    expect(answer.booking?.url).toBe(`/book/${answer.booking?.token}`);

    await admin.rest('PUT', '/booking/settings', { ...DEFAULT_BOOKING_SETTINGS, enabled: false });
    expect((await submit()).booking).toBeUndefined();
  });
});

describe('free times', () => {
  it("lists the host's hours in the visitor's zone, after the notice and on the step", async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    const { status, body } = await slotsOf(lead.token);
    expect(status).toBe(200);
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.durationMinutes).toBe(30);
    expect(body.days.map((d) => d.date)).toEqual(['2026-12-07', '2026-12-08']);
    // Now is 09:00 in Berlin; two hours' notice: 11:00 is the first, 16:30 the last.
    const monday = body.days[0]!.slots.map((s) => s.startsAt);
    expect(monday[0]).toBe('2026-12-07T10:00:00.000Z');
    expect(monday.at(-1)).toBe('2026-12-07T15:30:00.000Z');
    expect(monday).toHaveLength(12);
    expect(body.days[1]!.slots).toHaveLength(16);

    // The same times in New York's days.
    const ny = await slotsOf(lead.token, '&from=2026-12-07&days=1&timeZone=America/New_York');
    expect(ny.body.days[0]!.slots[0]!.startsAt).toBe('2026-12-07T10:00:00.000Z');
  });

  it('answers 401 for a bad or expired token, 400 naming timeZone for a bad zone', async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    expect((await slotsOf(`${lead.token}x`)).status).toBe(401);
    const bad = await slotsOf(lead.token, '&timeZone=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('timeZone');

    setBookingClock(new Date(NOW.getTime() + 169 * 3600_000));
    expect((await slotsOf(lead.token)).status).toBe(401);
  });

  it('is the same over tRPC', async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    const slots = await t.anonymous().trpc.public.booking.slots.query({
      token: lead.token,
      from: '2026-12-07',
      days: 1,
      timeZone: 'Europe/Berlin',
    });
    expect(slots.days[0]!.slots[0]!.startsAt).toBe('2026-12-07T10:00:00.000Z');
  });
});

describe('booking', () => {
  it('books a free time (201), names the host and gives the manage link; the host owns the lead', async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    const booked = await book(lead.token, '2026-12-07T10:00:00Z');
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      startsAt: '2026-12-07T10:00:00.000Z',
      endsAt: '2026-12-07T10:30:00.000Z',
      status: 'confirmed',
      host: { name: expect.any(String) },
    });
    expect(booked.body.manageUrl).toMatch(/^\/booking\/[0-9a-f]{64}$/);
    const [contact] = await queryRows<{ owner_id: number }>(
      t.db.url,
      'select owner_id from contacts where id = $1',
      [lead.id],
    );
    expect(contact?.owner_id).toBe(admin.userId);

    // The time and the buffer after it are gone for everyone; the contact cannot book twice.
    const after = (await slotsOf((await newLead(2)).token)).body.days[0]!.slots.map(
      (s) => s.startsAt,
    );
    expect(after).not.toContain('2026-12-07T10:00:00.000Z');
    expect(after).not.toContain('2026-12-07T10:30:00.000Z');
    expect(after).toContain('2026-12-07T11:00:00.000Z');
    const again = await book(lead.token, '2026-12-07T12:00:00Z');
    expect(again.status).toBe(409);
    expect(again.body.manageUrl).toBe(booked.body.manageUrl);
  });

  it('books over tRPC too', async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    const booked = await t.anonymous().trpc.public.booking.create.mutate({
      token: lead.token,
      startsAt: '2026-12-07T13:00:00Z',
    });
    expect(booked).toMatchObject({ status: 'confirmed', startsAt: '2026-12-07T13:00:00.000Z' });
  });

  it('refuses a time never offered with 400 naming startsAt', async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    for (const startsAt of [
      '2026-12-07T10:15:00Z', // not on the step
      '2026-12-07T09:00:00Z', // inside the notice
      '2026-12-07T17:00:00Z', // after hours
      '2026-12-12T10:00:00Z', // Saturday
      '2026-12-22T10:00:00Z', // past the horizon
    ]) {
      const refused = await book(lead.token, startsAt);
      expect({ startsAt, status: refused.status }).toEqual({ startsAt, status: 400 });
      expect(JSON.stringify(refused.body)).toContain('startsAt');
    }
  });

  it('answers 403 "Booking is not available" for slots and bookings while booking is off', async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    await admin.rest('PUT', '/booking/settings', { ...DEFAULT_BOOKING_SETTINGS, enabled: false });
    const slots = await slotsOf(lead.token);
    const booked = await book(lead.token, '2026-12-07T10:00:00Z');
    for (const answer of [slots, booked]) {
      expect(answer.status).toBe(403);
      expect((answer.body as { message: string }).message).toBe('Booking is not available');
    }
  });

  it('holds the daily cap per host', async () => {
    await giveHours(admin.userId);
    await capCallsPerHostDay(1);
    expect((await book((await newLead(1)).token, '2026-12-07T10:00:00Z')).status).toBe(201);
    const second = await newLead(2);
    expect((await slotsOf(second.token)).body.days[0]!.slots).toEqual([]);
    expect((await book(second.token, '2026-12-07T14:00:00Z')).status).toBe(409);
  });
});

describe('the manage link', () => {
  const manage = (url: string, action = '', body?: object) => support.manage(t, url, action, body);

  it('shows, moves (same id and link, SEQUENCE raised) and cancels, each on the timeline', async () => {
    await giveHours(admin.userId);
    const lead = await newLead();
    const booked = (await book(lead.token, '2026-12-07T10:00:00Z')).body;
    expect((await manage(booked.manageUrl)).body).toEqual(booked);

    const moved = await manage(booked.manageUrl, '/reschedule', {
      startsAt: '2026-12-08T09:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: booked.id, manageUrl: booked.manageUrl });
    expect(moved.body.startsAt).toBe('2026-12-08T09:00:00.000Z');
    // Its old time is free again; a move next to itself is allowed (its own time is not busy).
    const slots = (await slotsOf((await newLead(2)).token)).body.days[0]!.slots;
    expect(slots.map((s) => s.startsAt)).toContain('2026-12-07T10:00:00.000Z');
    const nudged = await manage(booked.manageUrl, '/reschedule', {
      startsAt: '2026-12-08T09:30:00Z',
    });
    expect(nudged.status).toBe(200);
    const [row] = await queryRows<{ sequence: number }>(
      t.db.url,
      'select sequence from bookings where id = $1',
      [booked.id],
    );
    expect(row?.sequence).toBe(2);

    const nul = await manage(booked.manageUrl, '/cancel', { reason: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(JSON.stringify(nul.body)).toContain('reason');
    const cancelled = await manage(booked.manageUrl, '/cancel', { reason: 'Found another time' });
    expect(cancelled.body.status).toBe('cancelled');
    // Cancelling again changes nothing (booking-attacks.test.ts: no second email); moving is a 409.
    expect((await manage(booked.manageUrl, '/cancel', {})).status).toBe(200);
    const late = await manage(booked.manageUrl, '/reschedule', {
      startsAt: '2026-12-07T12:00:00Z',
    });
    expect(late.status).toBe(409);
    // A cancelled booking lets the lead book again.
    expect((await book(lead.token, '2026-12-07T11:00:00Z')).status).toBe(201);

    const timeline = await admin.trpc.admin.contactActivity.list.query({ id: lead.id });
    expect(timeline.map((e) => e.type).filter((type) => type.startsWith('booking_'))).toEqual([
      'booking_created',
      'booking_cancelled',
      'booking_rescheduled',
      'booking_rescheduled',
      'booking_created',
    ]);
  });

  it('answers 404 for an unknown link, over both transports', async () => {
    expect((await manage('/booking/unknown')).status).toBe(404);
    expect((await manage('/booking/%00')).status).toBe(404); // a NUL byte never reaches SQL
    await expect(
      t.anonymous().trpc.public.booking.manage.query({ manageToken: 'f'.repeat(64) }),
    ).rejects.toThrow('Booking not found');
  });

  it('refuses to move onto a time another lead holds (409)', async () => {
    await giveHours(admin.userId);
    const first = (await book((await newLead(1)).token, '2026-12-07T10:00:00Z')).body;
    await book((await newLead(2)).token, '2026-12-07T12:00:00Z');
    const clash = await manage(first.manageUrl, '/reschedule', {
      startsAt: '2026-12-07T12:00:00Z',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('That time was just taken. Please pick another.');
  });
});

describe('no double booking, by construction', () => {
  it('50 leads booking one host at the same time: exactly 1 confirmed and 49 409, no 5xx', async () => {
    await giveHours(admin.userId);
    const answers = await leadsBook(50, () => '2026-12-07T10:00:00Z');
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const taken = answers.find((a) => a.status === 409)!;
    expect((taken.body as { message: string }).message).toBe(
      'That time was just taken. Please pick another.',
    );
    expect(await confirmedCount()).toBe(1);
  });

  it("50 leads of one owner on the owner's same time: 1 confirmed, 49 409; the contract holds after", async () => {
    await giveHours(admin.userId);
    const leads = await Promise.all(
      Array.from({ length: 50 }, (_, i) => newLead(i + 1, admin.userId)),
    );
    const answers = await Promise.all(leads.map((l) => book(l.token, '2026-12-07T10:00:00Z')));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toBe('That time was just taken. Please pick another.');

    // Another of the owner's leads: the booked time is taken (409), and so is the next step,
    // inside the buffer; a time never offered is still a 400 though it overlaps the call.
    const late = await newLead(51, admin.userId);
    expect((await book(late.token, '2026-12-07T10:00:00Z')).status).toBe(409);
    expect((await book(late.token, '2026-12-07T10:30:00Z')).status).toBe(409);
    const offStep = await book(late.token, '2026-12-07T10:15:00Z');
    expect(offStep.status).toBe(400);
    expect(JSON.stringify(offStep.body)).toContain('startsAt');
    expect((await book(late.token, '2026-12-07T11:00:00Z')).status).toBe(201);
  });

  it('leads of an owner without hours go to the pool: two at once on one time get two hosts', async () => {
    const hosts = [
      (await t.signedIn('admin', 'pool-a')).userId,
      (await t.signedIn('admin', 'pool-b')).userId,
    ];
    for (const id of hosts) await giveHours(id);
    expect((await admin.rest('PUT', '/lead-routing', { userIds: hosts })).status).toBe(200);
    const hoursless = (await t.signedIn('admin', 'no-hours')).userId;
    const leads = await Promise.all([1, 2].map((n) => newLead(n, hoursless)));
    const answers = await Promise.all(leads.map((l) => book(l.token, '2026-12-07T10:00:00Z')));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await confirmedHosts()).toEqual([...hosts].sort((a, b) => a - b));
  });

  it('one lead booking two times at once (two tabs): one call, the other tab gets its manage link', async () => {
    await giveHours(admin.userId);
    const lead = await newLead(1, admin.userId);
    const answers = await Promise.all(
      ['2026-12-07T10:00:00Z', '2026-12-07T12:00:00Z'].map((at) => book(lead.token, at)),
    );
    const booked = answers.find((a) => a.status === 201);
    const refused = answers.find((a) => a.status === 409);
    expect(booked && refused).toBeTruthy();
    expect(refused!.body.message).toBe('You already have a call booked');
    expect(refused!.body.manageUrl).toBe(booked!.body.manageUrl);
    expect(await confirmedCount()).toBe(1);
  });

  it('holds the daily cap exactly when leads book different times of one day at once', async () => {
    await giveHours(admin.userId);
    await capCallsPerHostDay(3);
    // Six different times an hour apart (11:00 to 16:00 Berlin), none blocking another.
    const answers = await leadsBook(6, hourApart);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect(await confirmedCount()).toBe(3);
  });

  it('a lead that loses the last place of one host’s day gets another host at that time', async () => {
    const hosts = [admin.userId, (await t.signedIn('admin', 'second-host')).userId];
    for (const id of hosts) await giveHours(id);
    expect((await admin.rest('PUT', '/lead-routing', { userIds: hosts })).status).toBe(200);
    await capCallsPerHostDay(1);
    const answers = await leadsBook(6, hourApart);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    // One call a day for each of the two hosts.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(await confirmedHosts()).toEqual([...hosts].sort((a, b) => a - b));
  });

  it('with three free hosts in the routing pool: exactly 3 confirmed, each host once', async () => {
    const hosts = [admin.userId];
    for (const name of ['host-b', 'host-c']) hosts.push((await t.signedIn('admin', name)).userId);
    for (const id of hosts) await giveHours(id);
    expect((await admin.rest('PUT', '/lead-routing', { userIds: hosts })).status).toBe(200);
    const answers = await leadsBook(50, () => '2026-12-07T10:00:00Z');
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await confirmedHosts()).toEqual([...hosts].sort((a, b) => a - b));
  });
});

describe('booked calls in the back office', () => {
  it('lists calls by start time with their contact, pages on, and filters by host and status', async () => {
    await giveHours(admin.userId);
    for (const [n, at] of [
      [1, '2026-12-07T12:00:00Z'],
      [2, '2026-12-07T10:00:00Z'],
      [3, '2026-12-08T09:00:00Z'],
    ] as const)
      expect((await book((await newLead(n)).token, at)).status).toBe(201);
    const first = await admin.rest<{
      items: { startsAt: string; contact: { name: string } }[];
      nextCursor: string;
    }>('GET', '/bookings?limit=2');
    expect(first.body.items.map((b) => [b.startsAt, b.contact.name])).toEqual([
      ['2026-12-07T10:00:00.000Z', 'Lead 2'],
      ['2026-12-07T12:00:00.000Z', 'Lead 1'],
    ]);
    const rest = await admin.trpc.admin.booking.list.query({
      limit: 2,
      cursor: first.body.nextCursor,
    });
    expect(rest.items.map((b) => b.startsAt)).toEqual(['2026-12-08T09:00:00.000Z']);
    expect(rest.nextCursor).toBeNull();
    const ranged = await admin.rest<{ items: unknown[] }>(
      'GET',
      `/bookings?from=${encodeURIComponent('2026-12-08T00:00:00Z')}&status=confirmed&hostId=${admin.userId}`,
    );
    expect(ranged.body.items).toHaveLength(1);
    // Past calls latest first (order=desc): the next page goes further back, never above.
    const latest = await admin.rest<{ items: { startsAt: string }[]; nextCursor: string }>(
      'GET',
      `/bookings?to=${encodeURIComponent('2026-12-09T00:00:00Z')}&order=desc&limit=2`,
    );
    expect(latest.body.items.map((b) => b.startsAt)).toEqual([
      '2026-12-08T09:00:00.000Z',
      '2026-12-07T12:00:00.000Z',
    ]);
    const earlier = await admin.trpc.admin.booking.list.query({
      to: '2026-12-09T00:00:00Z',
      order: 'desc',
      limit: 2,
      cursor: latest.body.nextCursor,
    });
    expect(earlier.items.map((b) => b.startsAt)).toEqual(['2026-12-07T10:00:00.000Z']);
    expect((await admin.rest('GET', '/bookings?order=sideways')).status).toBe(400);
    // One contact's calls, for its details.
    const [lead1] = await queryRows<{ id: number }>(
      t.db.url,
      "select id from contacts where name = 'Lead 1'",
    );
    const ofContact = await admin.rest<{ items: { contactId: number }[] }>(
      'GET',
      `/bookings?contactId=${lead1!.id}`,
    );
    expect(ofContact.body.items.map((b) => b.contactId)).toEqual([lead1!.id]);
    // A host who is not an admin sees only their own calls.
    const other = await t.signedIn('user', 'other-host');
    expect((await other.rest<{ items: unknown[] }>('GET', '/bookings')).body.items).toEqual([]);
  });

  it('puts the outcome and its note on the timeline, and leaves the host one follow-up task for a no-show', async () => {
    await giveHours(admin.userId);
    const lead = await newLead(1);
    const booked = (await book(lead.token, '2026-12-07T10:00:00Z')).body;
    setBookingClock(new Date('2026-12-07T10:40:00Z'));
    const missed = await admin.rest<TBooking>('PATCH', `/bookings/${booked.id}`, {
      status: 'no_show',
      note: 'No answer on two tries.',
    });
    expect(missed.status).toBe(200);
    const timeline = await admin.trpc.admin.contactActivity.list.query({ id: lead.id });
    expect(timeline.find((e) => e.type === 'call_outcome')).toMatchObject({
      actor: { id: admin.userId },
      data: { bookingId: booked.id, outcome: 'no_show', note: 'No answer on two tries.' },
    });
    const tasks = await admin.rest<TTaskPage>('GET', `/tasks?contactId=${lead.id}`);
    expect(tasks.body.items).toEqual([
      expect.objectContaining({
        title: NO_SHOW_FOLLOW_UP,
        assignee: expect.objectContaining({ id: admin.userId }),
        contact: { id: lead.id, name: 'Lead 1' },
        done: false,
      }),
    ]);
    const due = new Date(tasks.body.items[0]!.dueAt);
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect([1, 2, 3, 4, 5]).toContain(due.getUTCDay());
    expect(due.getTime() - Date.now()).toBeLessThan(3.01 * 24 * 3600_000);

    // A later note on the same outcome (tRPC) adds to the timeline, not another task.
    await admin.trpc.admin.booking.setOutcome.mutate({
      id: booked.id,
      status: 'no_show',
      note: 'Left a voicemail.',
    });
    const notes = (await admin.trpc.admin.contactActivity.list.query({ id: lead.id }))
      .filter((e) => e.type === 'call_outcome')
      .map((e) => (e.type === 'call_outcome' ? e.data.note : null));
    expect(notes).toEqual(['Left a voicemail.', 'No answer on two tries.']);
    expect(
      (await admin.rest<TTaskPage>('GET', `/tasks?contactId=${lead.id}`)).body.items,
    ).toHaveLength(1);
    const tooLong = await admin.rest('PATCH', `/bookings/${booked.id}`, {
      status: 'completed',
      note: 'x'.repeat(5001),
    });
    expect(tooLong.status).toBe(400);
  });

  it('records completed or no-show once a call has started, and moves or cancels one for the lead', async () => {
    await giveHours(admin.userId);
    const booked = (await book((await newLead(1)).token, '2026-12-07T10:00:00Z')).body;
    const early = await admin.rest('PATCH', `/bookings/${booked.id}`, { status: 'completed' });
    expect(early.status).toBe(409);
    setBookingClock(new Date('2026-12-07T10:05:00Z'));
    const done = await admin.rest<TBooking>('PATCH', `/bookings/${booked.id}`, {
      status: 'no_show',
    });
    expect(done.body.status).toBe('no_show');
    const bad = await admin.rest('PATCH', `/bookings/${booked.id}`, { status: 'cancelled' });
    expect(bad.status).toBe(400);

    const second = (await book((await newLead(2)).token, '2026-12-07T14:00:00Z')).body;
    const moved = await admin.trpc.admin.booking.reschedule.mutate({
      id: second.id,
      startsAt: '2026-12-07T15:00:00Z',
    });
    expect(moved.startsAt).toBe('2026-12-07T15:00:00.000Z');
    const user = await t.signedIn('user', 'not-the-host');
    // Another host's call is answered as a missing one: ids cannot be counted by their holder.
    const notTheirs = await user.rest<{ message: string }>(
      'POST',
      `/bookings/${second.id}/cancel`,
      {},
    );
    const missing = await user.rest<{ message: string }>('POST', '/bookings/999999/cancel', {});
    expect([notTheirs.status, missing.status]).toEqual([404, 404]);
    expect(notTheirs.body.message.replace(String(second.id), 'N')).toBe(
      missing.body.message.replace('999999', 'N'),
    );
    await expect(user.trpc.admin.booking.cancel.mutate({ id: second.id })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
    const cancelled = await admin.rest<TBooking>('POST', `/bookings/${second.id}/cancel`, {
      reason: 'Host is ill',
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await admin.rest('POST', '/bookings/999999/cancel', {})).status).toBe(404);

    // The audit names each for what it did: the lead's booking (no actor), then the staff's.
    const audited = (id: number) =>
      t.db
        .em()
        .getConnection()
        .execute<{ action: string; actor_id: number | null }[]>(
          "select action, actor_id from audit_log where entity_type = 'booking' and entity_id = ? order by id",
          [String(id)],
        );
    expect(await audited(booked.id)).toEqual([
      { action: 'book', actor_id: null },
      { action: 'record_outcome', actor_id: admin.userId },
    ]);
    expect(await audited(second.id)).toEqual([
      { action: 'book', actor_id: null },
      { action: 'reschedule', actor_id: admin.userId },
      { action: 'cancel', actor_id: admin.userId },
    ]);
  });
});

describe('rate limits', () => {
  it('allows 20 booking attempts an hour per link, then 429 with Retry-After, over both transports', async () => {
    await giveHours(admin.userId);
    const { token } = await newLead(1);
    for (let i = 0; i < BOOKING_LIMITS.writesPerLink; i++)
      expect((await book(token, '2026-12-07T03:00:00Z')).status).toBe(400);
    const limited = await fetch(`${t.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, startsAt: '2026-12-07T10:00:00Z' }),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^Too many changes with this booking link: at most 20 per hour\./,
    );
    await expect(
      t.anonymous().trpc.public.booking.create.mutate({ token, startsAt: '2026-12-07T10:00:00Z' }),
    ).rejects.toMatchObject({ data: { httpStatus: 429 } });
    // Another lead's link is not held back.
    expect((await book((await newLead(2)).token, '2026-12-07T10:00:00Z')).status).toBe(201);
  });
});

describe('moving a call from the back office', () => {
  it("offers the host's free times with the call's own time free, over both transports", async () => {
    await giveHours(admin.userId);
    const booked = (await book((await newLead(1)).token, '2026-12-07T10:00:00Z')).body;
    const taken = (await book((await newLead(2)).token, '2026-12-07T11:00:00Z')).body;
    const rest = await admin.rest<TSlots>(
      'GET',
      `/bookings/${booked.id}/slots?from=2026-12-07&days=1&timeZone=UTC`,
    );
    expect(rest.status).toBe(200);
    const times = rest.body.days[0]!.slots.map((s) => s.startsAt.slice(11, 16));
    // Its own 10:00 is free; the other lead's 11:00 (and its buffer) is not.
    expect(times).toContain('10:00');
    expect(times).not.toContain('11:00');
    const trpc = await admin.trpc.admin.booking.moveSlots.query({
      id: booked.id,
      from: '2026-12-07',
      days: 1,
      timeZone: 'UTC',
    });
    expect(trpc).toEqual(rest.body);
    // Another user's call is not theirs to move; a cancelled one cannot move.
    const other = await t.signedIn('user', 'not-the-host');
    expect((await other.rest('GET', `/bookings/${booked.id}/slots`)).status).toBe(404);
    await admin.rest('POST', `/bookings/${taken.id}/cancel`, {});
    expect((await admin.rest('GET', `/bookings/${taken.id}/slots`)).status).toBe(409);
  });
});

describe('availability and settings in the back office', () => {
  it("a user edits their own hours, not another user's; an admin edits anyone's", async () => {
    const user = await t.signedIn('user', 'sales-rep');
    expect((await user.rest('GET', `/users/${user.userId}/availability`)).body).toEqual({
      timeZone: 'UTC',
      weekly: [],
      overrides: [],
    });
    const own = await user.rest('PUT', `/users/${user.userId}/availability`, {
      ...BERLIN_WEEKDAYS,
      overrides: [{ date: '2026-12-24', intervals: [] }],
    });
    expect(own.status).toBe(200);
    expect(
      (await user.rest('PUT', `/users/${admin.userId}/availability`, BERLIN_WEEKDAYS)).status,
    ).toBe(403);
    const seen = await admin.trpc.admin.booking.availability.query({ id: user.userId });
    expect(seen.overrides).toEqual([{ date: '2026-12-24', intervals: [] }]);
  });

  it('refuses bad hours naming the field', async () => {
    for (const [body, field] of [
      [{ ...BERLIN_WEEKDAYS, timeZone: 'Nowhere/Land' }, 'timeZone'],
      [{ ...BERLIN_WEEKDAYS, weekly: [{ weekday: 8, start: '09:00', end: '17:00' }] }, 'weekly'],
      // The interval's own end is named, with what is wrong with it.
      [
        { ...BERLIN_WEEKDAYS, weekly: [{ weekday: 1, start: '17:00', end: '09:00' }] },
        'weekly.0.end: Must be after the start (17:00)',
      ],
      [
        {
          ...BERLIN_WEEKDAYS,
          overrides: [{ date: '2027-01-04', intervals: [{ start: '12:00', end: '11:00' }] }],
        },
        'overrides.0.intervals.0.end: Must be after the start (12:00)',
      ],
      [{ ...BERLIN_WEEKDAYS, overrides: [{ date: '2026-13-40', intervals: [] }] }, 'overrides'],
    ] as const) {
      const refused = await admin.rest('PUT', `/users/${admin.userId}/availability`, body);
      expect({ field, status: refused.status }).toEqual({ field, status: 400 });
      expect(JSON.stringify(refused.body)).toContain(field);
    }
  });

  it('reads and saves the booking settings with their bounds, over both transports', async () => {
    expect((await admin.rest('GET', '/booking/settings')).body).toEqual(DEFAULT_BOOKING_SETTINGS);
    const saved = await admin.trpc.admin.booking.updateSettings.mutate({
      ...DEFAULT_BOOKING_SETTINGS,
      durationMinutes: 45,
    });
    expect(saved.durationMinutes).toBe(45);
    const refused = await admin.rest('PUT', '/booking/settings', {
      ...DEFAULT_BOOKING_SETTINGS,
      durationMinutes: 10,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Duration must be between 15 and 120');
    const user = await t.signedIn('user', 'not-admin');
    expect((await user.rest('GET', '/booking/settings')).status).toBe(403);
  });
});
