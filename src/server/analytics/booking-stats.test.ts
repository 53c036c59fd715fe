import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TAnalyticsSummary, TBookingStats } from '../../shared/analytics.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';

// Booked calls in GET /api/analytics, from contacts and bookings with known timestamps.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);

const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

async function contactAt(createdAt: Date): Promise<number> {
  const [row] = await sql(
    `insert into contacts (name, email, created_at, updated_at) values ('L', 'l@x.io', ?, ?) returning id`,
    [createdAt, createdAt],
  );
  return (row as { id: number }).id;
}

/** A booking of `contactId` made at `createdAt` for a 30-minute call at `startsAt`. */
async function booking(contactId: number, createdAt: Date, startsAt: Date, status: string) {
  const endsAt = new Date(startsAt.getTime() + 30 * MINUTE);
  await sql(
    `insert into bookings (contact_id, host_id, starts_at, ends_at, blocked_until, status, manage_token, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      contactId,
      admin.userId,
      startsAt,
      endsAt,
      endsAt,
      status,
      randomBytes(32).toString('hex'),
      createdAt,
    ],
  );
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function bookingsOverBothTransports(days: number): Promise<TBookingStats> {
  const res = await admin.rest<TAnalyticsSummary>('GET', `/analytics?days=${days}`);
  expect(res.status).toBe(200);
  const viaTrpc = await admin.trpc.analytics.summary.query({ days });
  expect(viaTrpc.bookings).toEqual(res.body.bookings);
  return res.body.bookings;
}

describe('booked calls in GET /api/analytics', () => {
  it('counts bookings, the 7-day booking rate, the median minutes to booking and no-shows', async () => {
    const t0 = new Date(Date.now() - 20 * DAY);
    // Booked 30 and 90 minutes after arriving; calls held (completed) and missed (no-show).
    await booking(await contactAt(t0), later(t0, 30 * MINUTE), later(t0, 2 * DAY), 'completed');
    await booking(await contactAt(t0), later(t0, 90 * MINUTE), later(t0, 3 * DAY), 'no_show');
    // First booking (cancelled) after 600 minutes, then one for a call still to come.
    const rebooked = await contactAt(t0);
    await booking(rebooked, later(t0, 600 * MINUTE), later(t0, DAY), 'cancelled');
    await booking(rebooked, later(t0, 660 * MINUTE), new Date(Date.now() + 2 * DAY), 'confirmed');
    // Booked after 8 days: a booking of the period, but the lead did not book within 7 days.
    await booking(await contactAt(t0), later(t0, 8 * DAY), later(t0, 9 * DAY), 'completed');
    await contactAt(t0);
    await contactAt(t0);
    // The first UTC day of the period counts; the second before it does not.
    const first = new Date(`${utcDay(-29)}T00:00:00Z`);
    await booking(
      await contactAt(first),
      later(first, 60 * MINUTE),
      later(first, DAY),
      'completed',
    );
    const before = new Date(`${utcDay(-30)}T23:59:59Z`);
    await booking(
      await contactAt(before),
      later(before, 5 * MINUTE),
      later(first, DAY),
      'cancelled',
    );
    // An older lead: a call booked and missed before the period, one booked and held in it.
    const old = await contactAt(new Date(Date.now() - 40 * DAY));
    await booking(old, new Date(Date.now() - 38 * DAY), new Date(Date.now() - 37 * DAY), 'no_show');
    await booking(
      old,
      new Date(Date.now() - 10 * DAY),
      new Date(Date.now() - 9 * DAY),
      'completed',
    );

    expect(await bookingsOverBothTransports(30)).toEqual({
      // Not cancelled, made in the period: 3 completed, 1 no-show, 1 upcoming, the older lead's 1.
      booked: 6,
      // 4 of the 7 leads of the period booked within 7 days.
      bookedRatePct: 57,
      // Median of 30, 60, 90 and 600 minutes.
      medianMinutesToBooking: 75,
      // 1 no-show among the 5 calls of the period due by now.
      noShowRatePct: 20,
    });
    // None of it happened in the last 7 days.
    expect(await bookingsOverBothTransports(7)).toEqual({
      booked: 0,
      bookedRatePct: 0,
      medianMinutesToBooking: null,
      noShowRatePct: 0,
    });
  });

  it('answers zeros and a null median when no lead booked', async () => {
    await contactAt(new Date(Date.now() - DAY));
    expect(await bookingsOverBothTransports(30)).toEqual({
      booked: 0,
      bookedRatePct: 0,
      medianMinutesToBooking: null,
      noShowRatePct: 0,
    });
  });
});
