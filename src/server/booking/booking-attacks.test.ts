// Attack findings, round 4, on booking: what an anonymous visitor with a contact form's booking
// link, or a lead with a manage link, must not be able to do. Both transports.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { book, giveHours, manage, newLead } from './booking-test-support';
import { setBookingClock } from './clock';

const t = useTestApp();
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
      expect(refused.body.message).toBe(
        'That time is outside the booking window. Please pick one of the times shown.',
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
    expect((slots.body as { message: string }).message).toBe('from: Not a calendar date');
    const hours = await admin.rest('PUT', `/users/${admin.userId}/availability`, {
      timeZone: 'UTC',
      weekly: [],
      overrides: [{ date: '2027-02-30', intervals: [] }],
    });
    expect(hours.status).toBe(400);
    expect(JSON.stringify(hours.body)).toContain('overrides.0.date: Not a calendar date');
  });
});
