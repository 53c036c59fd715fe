// What the booking tests share: a host's hours, a lead with its booking link, and the lead's
// calls to book and to use its manage link, as a browser sends them.
import { expect } from 'vitest';
import type { TBooking, TSlots } from '../../shared/booking.schema';
import { queryRows } from '../test/pg-admin';
import type { TestApp } from '../test/test-app';
import type { SignedInClient } from '../test/use-test-app';
import { bookingLinkFor } from './bookings.service';

export const BERLIN_WEEKDAYS = {
  timeZone: 'Europe/Berlin',
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  overrides: [],
};

/** Working hours for `userId`, saved by the admin over REST. */
export async function giveHours(
  admin: SignedInClient,
  userId: number,
  hours: object = BERLIN_WEEKDAYS,
) {
  const saved = await admin.rest('PUT', `/users/${userId}/availability`, hours);
  expect(saved.status).toBe(200);
}

/** A contact (owned by `ownerId`, if given) and its booking token, as a submission would give it. */
export async function newLead(
  t: TestApp,
  n = 1,
  ownerId: number | null = null,
  email = `lead${n}@example.com`,
): Promise<{ id: number; token: string }> {
  const [row] = await queryRows<{ id: number }>(
    t.db.url,
    `insert into contacts (name, email, source, owner_id) values ($1, $2, 'api', $3) returning id`,
    [`Lead ${n}`, email, ownerId],
  );
  const link = await bookingLinkFor(t.deps.orm.em.fork(), row!.id, 168);
  return { id: row!.id, token: link!.token };
}

type Answer = TBooking & { message?: string; manageUrl?: string };

export const slotsOf = (
  t: TestApp,
  token: string,
  query = '&from=2026-12-07&days=2&timeZone=Europe/Berlin',
) => t.anonymous().rest<TSlots>('GET', `/booking/slots?token=${encodeURIComponent(token)}${query}`);

export const book = (t: TestApp, token: string, startsAt: string) =>
  t.anonymous().rest<Answer>('POST', '/bookings', { token, startsAt });

/** GET the lead's booking behind its manage link, or POST an action ('/reschedule', '/cancel'). */
export const manage = (t: TestApp, url: string, action = '', body?: object) =>
  t
    .anonymous()
    .rest<Answer>(
      action ? 'POST' : 'GET',
      `/bookings/manage/${url.split('/').pop()}${action}`,
      body,
    );
