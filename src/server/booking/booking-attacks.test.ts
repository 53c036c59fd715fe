// Attack findings, round 4, on booking: what an anonymous visitor with a contact form's booking
// link, or a lead with a manage link, must not be able to do. Both transports.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../test/pg-admin';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { book, giveHours, manage, newLead } from './booking-test-support';
import { setBookingClock } from './clock';

const t = useTestApp({ app: { trustProxy: 'loopback' } });
const admin = useSignedIn(t);

// Monday 7 December 2026, 08:00 UTC = 09:00 in Berlin.
const NOW = new Date('2026-12-07T08:00:00Z');
beforeEach(() => setBookingClock(NOW));
afterEach(() => setBookingClock(null));

/** The instance still answers (its event loop is free). */
async function stillServing() {
  const health = await fetch(`${t.url}/api/health`, { signal: AbortSignal.timeout(5000) });
  expect(health.status).toBe(200);
}

describe('a time outside the booking window (one request once froze an instance for good)', () => {
  const FAR = ['9999-12-31T14:00:00Z', '0001-01-01T00:00:00Z', '2027-06-01T10:00:00Z'];

  it('is refused with 400 naming startsAt before any slot arithmetic, over both transports', async () => {
    await giveHours(admin, admin.userId);
    const lead = await newLead(t);
    for (const startsAt of FAR) {
      const refused = await book(t, lead.token, startsAt);
      expect({ startsAt, status: refused.status }).toEqual({ startsAt, status: 400 });
      // Past the instants any input takes (year 1), or only past the booking window.
      expect(refused.body.message).toMatch(
        /^That time is outside the booking window\. Please pick one of the times shown\.$|startsAt must be between 1970-01-01 and 9999-12-31/,
      );
      expect(JSON.stringify(refused.body)).toContain('startsAt');
      await expect(
        t.anonymous().trpc.public.booking.create.mutate({ token: lead.token, startsAt }),
      ).rejects.toMatchObject({ data: { httpStatus: 400 } });
    }
    await stillServing();
  });

  it('is refused the same through a manage link and from the back office', async () => {
    await giveHours(admin, admin.userId);
    const booked = (await book(t, (await newLead(t)).token, '2026-12-07T10:00:00Z')).body;
    for (const startsAt of FAR) {
      const byLead = await manage(t, booked.manageUrl, '/reschedule', { startsAt });
      expect({ startsAt, status: byLead.status }).toEqual({ startsAt, status: 400 });
      expect(JSON.stringify(byLead.body)).toContain('startsAt');
      const byStaff = await admin.rest('POST', `/bookings/${booked.id}/reschedule`, { startsAt });
      expect({ startsAt, status: byStaff.status }).toEqual({ startsAt, status: 400 });
    }
    // The call did not move.
    expect((await manage(t, booked.manageUrl)).body.startsAt).toBe('2026-12-07T10:00:00.000Z');
    await stillServing();
  });
});

describe('dates that do not exist', () => {
  it('are 400 naming the field: free times from 2026-02-30, an override on 2027-02-30', async () => {
    await giveHours(admin, admin.userId);
    const lead = await newLead(t);
    const slots = await t
      .anonymous()
      .rest('GET', `/booking/slots?token=${lead.token}&from=2026-02-30&timeZone=UTC`);
    expect(slots.status).toBe(400);
    expect((slots.body as { message: string }).message).toBe(
      'from: from must be a date that exists',
    );
    const hours = await admin.rest('PUT', `/users/${admin.userId}/availability`, {
      timeZone: 'UTC',
      weekly: [],
      overrides: [{ date: '2027-02-30', intervals: [] }],
    });
    expect(hours.status).toBe(400);
    expect(JSON.stringify(hours.body)).toContain(
      'overrides.0.date: date must be a date that exists',
    );
  });
});

describe('changes to one booking run one after the other', () => {
  /** The booking's outbox: its invitations (with their METHOD and SEQUENCE) and its reminders. */
  async function outboxOf(bookingId: number) {
    const rows = await queryRows<{ kind: string; status: string; calendar: string | null }>(
      t.db.url,
      'select kind, status, calendar from notification_messages where booking_id = $1 order by id',
      [bookingId],
    );
    const invitation = (calendar: string) => ({
      method: /^METHOD:(\w+)/m.exec(calendar)![1],
      sequence: Number(/^SEQUENCE:(\d+)/m.exec(calendar)![1]),
    });
    return {
      invitations: rows.filter((r) => r.calendar).map((r) => invitation(r.calendar!)),
      waitingReminders: rows.filter(
        (r) => r.kind === 'booking_reminder' && r.status !== 'suppressed',
      ).length,
    };
  }

  async function bookedCall(n = 1) {
    await giveHours(admin, admin.userId);
    return (await book(t, (await newLead(t, n)).token, '2026-12-08T10:00:00Z')).body;
  }

  it('a move racing a cancellation: never a moved call left in a calendar after its CANCEL', async () => {
    for (let round = 1; round <= 4; round++) {
      const call = await bookedCall(round);
      const [moved, cancelled] = await Promise.all([
        manage(t, call.manageUrl, '/reschedule', { startsAt: `2026-12-09T1${round}:00:00Z` }),
        manage(t, call.manageUrl, '/cancel', {}),
      ]);
      expect(cancelled.status).toBe(200);
      // Either the move came first (both 200) or the cancellation did (the move is a 409).
      expect([200, 409]).toContain(moved.status);
      expect((await manage(t, call.manageUrl)).body.status).toBe('cancelled');
      const { invitations, waitingReminders } = await outboxOf(call.id);
      // The CANCEL carries the highest SEQUENCE of the booking: it is what calendars keep.
      const last = invitations.reduce((a, b) => (b.sequence > a.sequence ? b : a));
      expect(last.method).toBe('CANCEL');
      expect(invitations.filter((i) => i.method === 'CANCEL')).toHaveLength(2); // lead and host
      expect(new Set(invitations.map((i) => i.sequence)).size).toBe(moved.status === 200 ? 3 : 2);
      expect(waitingReminders).toBe(0);
    }
  });

  it('ten cancellations at once: all 200, one cancellation sent; a cancelled call cannot move (409)', async () => {
    const call = await bookedCall();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => manage(t, call.manageUrl, '/cancel', {})),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const { invitations, waitingReminders } = await outboxOf(call.id);
    expect(invitations).toEqual([
      { method: 'REQUEST', sequence: 0 },
      { method: 'REQUEST', sequence: 0 },
      { method: 'CANCEL', sequence: 1 },
      { method: 'CANCEL', sequence: 1 },
    ]);
    expect(waitingReminders).toBe(0);
    const move = await manage(t, call.manageUrl, '/reschedule', {
      startsAt: '2026-12-09T10:00:00Z',
    });
    expect(move.status).toBe(409);
    const byStaff = await admin.rest('POST', `/bookings/${call.id}/reschedule`, {
      startsAt: '2026-12-09T10:00:00Z',
    });
    expect(byStaff.status).toBe(409);
    // Staff cancelling it again is the same no-op, over tRPC too.
    const again = await admin.trpc.admin.booking.cancel.mutate({ id: call.id });
    expect(again.status).toBe('cancelled');
    expect((await outboxOf(call.id)).invitations).toHaveLength(4);
  });

  it('raises SEQUENCE on every change: booked 0, moved 1, moved 2, cancelled 3', async () => {
    const call = await bookedCall();
    await manage(t, call.manageUrl, '/reschedule', { startsAt: '2026-12-09T10:00:00Z' });
    await admin.rest('POST', `/bookings/${call.id}/reschedule`, {
      startsAt: '2026-12-09T11:00:00Z',
    });
    await admin.rest('POST', `/bookings/${call.id}/cancel`, {});
    const sequences = (await outboxOf(call.id)).invitations.map((i) => `${i.method} ${i.sequence}`);
    expect([...new Set(sequences)]).toEqual(['REQUEST 0', 'REQUEST 1', 'REQUEST 2', 'CANCEL 3']);
  });
});

describe('the booking settings take only the types they name', () => {
  it('refuses "false" for a switch and "0x5" for a number (400 naming the field), over both transports', async () => {
    const settings = await admin.rest<Record<string, unknown>>('GET', '/booking/settings');
    for (const [field, value] of [
      ['enabled', 'false'],
      ['enabled', 0],
      ['durationMinutes', '0x5'],
      ['durationMinutes', '30'],
      ['horizonDays', ''],
    ] as const) {
      const refused = await admin.rest('PUT', '/booking/settings', {
        ...settings.body,
        [field]: value,
      });
      expect({ field, value, status: refused.status }).toEqual({ field, value, status: 400 });
      expect(JSON.stringify(refused.body)).toContain(field);
      // The REST call above must not have loosened the schema for tRPC either.
      await expect(
        admin.trpc.admin.booking.updateSettings.mutate({
          ...settings.body,
          [field]: value,
        } as never),
      ).rejects.toMatchObject({ data: { httpStatus: 400 } });
    }
    // Booking is still on: nothing was saved.
    expect((await admin.rest('GET', '/booking/settings')).body).toEqual(settings.body);
  });
});

describe('deleting a host', () => {
  it('is refused (409 naming the calls) while they host upcoming calls, over both transports', async () => {
    const host = await t.signedIn('user', 'leaving-host');
    await giveHours(admin, host.userId);
    const call = (await book(t, (await newLead(t, 1, host.userId)).token, '2026-12-08T10:00:00Z'))
      .body;
    const refused = await admin.rest<{ message: string; data?: { bookingIds?: string } }>(
      'DELETE',
      `/users/${host.userId}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This user hosts 1 upcoming call (the first on 2026-12-08 10:00 UTC): move or cancel it under Meetings first',
    );
    await expect(admin.trpc.admin.users.delete.mutate({ id: host.userId })).rejects.toMatchObject({
      data: { httpStatus: 409 },
    });
    // The call and its lead's link are untouched; once it is cancelled the host can go.
    expect((await manage(t, call.manageUrl)).body.status).toBe('confirmed');
    await admin.rest('POST', `/bookings/${call.id}/cancel`, {});
    expect((await admin.rest('DELETE', `/users/${host.userId}`)).status).toBe(200);
  });
});

describe('booking out every host (site-wide and per-network caps)', () => {
  // One call an hour from 8 December on, one per lead.
  const slot = (n: number) =>
    new Date(Date.parse('2026-12-08T00:00:00Z') + n * 3600_000).toISOString();
  /** A host free around the clock, and the booking settings with `changes`. */
  async function openAllDay(changes: Record<string, number>) {
    await giveHours(admin, admin.userId, {
      timeZone: 'UTC',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      overrides: [],
    });
    const settings = await admin.rest<Record<string, unknown>>('GET', '/booking/settings');
    expect(settings.body).toMatchObject({ maxBookingsPerHour: 20, maxBookingsPerDay: 100 });
    await admin.rest('PUT', '/booking/settings', {
      ...settings.body,
      maxPerDayPerHost: 50,
      ...changes,
    });
  }

  it('the site takes at most maxBookingsPerHour; past it the lead is asked to reply to our email (429), counted in the Security Center', async () => {
    await openAllDay({ maxBookingsPerHour: 3 });
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      // Each from its own IPv6 /48, as the attack came: only the site-wide cap holds them.
      const answer = await book(t, (await newLead(t, n + 1)).token, slot(n), `2001:db8:${n}::1`);
      statuses.push(answer.status);
      if (answer.status === 429)
        expect(answer.body.message).toBe(
          'We are taking a lot of bookings right now. Please reply to the email we sent you and we will find a time with you.',
        );
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const stats = await admin.rest<{ refusedBookings: number }>(
      'GET',
      '/security/stats?period=24h',
    );
    expect(stats.body.refusedBookings).toBe(2);
    await expect(
      t.anonymous().trpc.public.booking.create.mutate({
        token: (await newLead(t, 9)).token,
        startsAt: slot(9),
      }),
    ).rejects.toMatchObject({ data: { httpStatus: 429 } });
  });

  it('and per day: maxBookingsPerDay', async () => {
    await openAllDay({ maxBookingsPerDay: 2 });
    const statuses = [];
    for (let n = 0; n < 3; n++)
      statuses.push(
        (await book(t, (await newLead(t, n + 1)).token, slot(n), `2001:db8:${n}::1`)).status,
      );
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('one IPv6 /48 books at most 30 calls an hour, however many /64s it uses; one /64 at most 10', async () => {
    await openAllDay({ maxBookingsPerHour: 1000 });
    const statuses: number[] = [];
    for (let n = 0; n < 32; n++) {
      const ip = `2001:db8:aaaa:${n}::1`; // 32 different /64s of one /48
      statuses.push((await book(t, (await newLead(t, n + 1)).token, slot(n), ip)).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const perSlash64: number[] = [];
    for (let n = 0; n < 11; n++)
      perSlash64.push(
        (
          await book(
            t,
            (await newLead(t, 100 + n)).token,
            slot(40 + n),
            `2001:db8:bbbb:1::${n + 1}`,
          )
        ).status,
      );
    expect(perSlash64.filter((s) => s === 201)).toHaveLength(10);
    expect(perSlash64.at(-1)).toBe(429);
  });
});

describe('free-time reads', () => {
  const slotsFrom = (ip: string, query: string) =>
    fetch(`${t.url}/api/booking/slots?${query}&from=2026-12-08&days=7&timeZone=UTC`, {
      headers: { 'x-forwarded-for': ip },
    });

  it('one link read by a crowd is held back on its own: 300 an hour, then 429', async () => {
    await giveHours(admin, admin.userId);
    const lead = await newLead(t);
    for (let n = 0; n < 300; n += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          slotsFrom(`198.18.7.${(n + i) % 250}`, `token=${lead.token}`),
        ),
      );
      expect(batch.map((r) => r.status).filter((s) => s !== 200 && s !== 503)).toEqual([]);
    }
    const held = await slotsFrom('198.18.8.1', `token=${lead.token}`);
    expect(held.status).toBe(429);
    expect(((await held.json()) as { message: string }).message).toMatch(
      /^Too many requests with this booking link: at most 300 per hour\./,
    );
    // Another lead's link still reads.
    expect((await slotsFrom('198.18.8.2', `token=${(await newLead(t, 2)).token}`)).status).toBe(
      200,
    );
  });

  it('a crowd on one instance gets its times or "try again in a moment" (503, Retry-After), never a stall', async () => {
    await giveHours(admin, admin.userId);
    const leads = await Promise.all(Array.from({ length: 10 }, (_, i) => newLead(t, i + 1)));
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        slotsFrom(`198.19.${i >> 8}.${i & 255}`, `token=${leads[i % 10]!.token}`).then(
          async (r) => ({
            status: r.status,
            retryAfter: r.headers.get('retry-after'),
            body: (await r.json()) as { message?: string },
          }),
        ),
      ),
    );
    for (const a of answers) {
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) {
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
        expect(a.body.message).toBe(
          'Many people are picking a time right now. Please try again in a moment.',
        );
      }
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    await stillServing();
  });

  it('to move a booked call, read with its manage link', async () => {
    await giveHours(admin, admin.userId);
    const booked = (await book(t, (await newLead(t)).token, '2026-12-08T10:00:00Z')).body;
    const token = booked.manageUrl.split('/').pop()!;
    const res = await slotsFrom('198.18.9.1', `manageToken=${token}`);
    expect(res.status).toBe(200);
    const slots = (await res.json()) as { days: { slots: { startsAt: string }[] }[] };
    // Its own time counts as free.
    expect(slots.days[0]!.slots.map((s) => s.startsAt)).toContain('2026-12-08T10:00:00.000Z');
  });
});
