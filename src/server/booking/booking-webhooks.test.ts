// Booked, moved and cancelled calls reach a subscribed endpoint as signed webhooks with
// `{ booking, contact }`, through the real job queue and worker.
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import type { TBooking } from '../../shared/booking.schema';
import type { TWebhookCreated } from '../../shared/webhooks.schema';
import { queryRows } from '../test/pg-admin';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { startReceiver, verifyStandardWebhook } from '../webhooks/test-receiver';
import { bookingLinkFor } from './bookings.service';
import { setBookingClock } from './clock';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const t = useTestApp({ webhooks: {} });
const admin = useSignedIn(t);

beforeEach(async () => {
  receiver.reset();
  await t.db.em().execute("delete from pgboss.job where name = 'webhook'");
  Object.assign(t.deps.notifier.webhooks!, { retryDelays: [1, 1], allowPrivateNetworks: true });
  setBookingClock(new Date('2026-12-07T08:00:00Z'));
});
afterEach(() => setBookingClock(null));

it('sends booking.created, booking.rescheduled and booking.cancelled with the booking and the contact', async () => {
  await admin.rest('PUT', `/users/${admin.userId}/availability`, {
    timeZone: 'UTC',
    weekly: [{ weekday: 1, start: '09:00', end: '17:00' }],
    overrides: [],
  });
  const hook = await admin.rest<TWebhookCreated>('POST', '/webhooks', {
    url: receiver.url,
    events: ['booking.created', 'booking.rescheduled', 'booking.cancelled'],
  });
  const [contact] = await queryRows<{ id: number }>(
    t.db.url,
    `insert into contacts (name, email, source) values ('Ada', 'ada@example.com', 'api') returning id`,
  );
  const link = await bookingLinkFor(t.deps.orm.em.fork(), contact!.id, 168);
  const lead = t.anonymous();
  const booked = await lead.rest<TBooking>('POST', '/bookings', {
    token: link!.token,
    startsAt: '2026-12-07T12:00:00Z',
  });
  const manage = `/bookings/manage/${booked.body.manageUrl.split('/').pop()}`;
  await lead.rest('POST', `${manage}/reschedule`, { startsAt: '2026-12-07T13:00:00Z' });
  await lead.rest('POST', `${manage}/cancel`, {});

  const requests = await receiver.waitFor(3);
  const bodies = requests
    .map(
      (r) =>
        JSON.parse(r.body) as {
          type: string;
          data: { booking: TBooking; contact: { id: number; ownerId: number } };
        },
    )
    .sort((a, b) => a.type.localeCompare(b.type));
  expect(bodies.map((b) => b.type)).toEqual([
    'booking.cancelled',
    'booking.created',
    'booking.rescheduled',
  ]);
  const created = bodies[1]!.data;
  expect(created.booking).toMatchObject({
    id: booked.body.id,
    startsAt: '2026-12-07T12:00:00.000Z',
  });
  // The contact as it is after the booking: its host is now its owner.
  expect(created.contact).toMatchObject({ id: contact!.id, ownerId: admin.userId });
  expect(bodies[2]!.data.booking.startsAt).toBe('2026-12-07T13:00:00.000Z');
  expect(bodies[0]!.data.booking.status).toBe('cancelled');
  for (const request of requests)
    expect(verifyStandardWebhook(hook.body.secret, request)).toBe(true);
});
