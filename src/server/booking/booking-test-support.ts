// What the booking tests share: a host's hours, a lead with its booking link, and the lead's
// calls to book and to use its manage link, as a browser sends them.
import { expect } from 'vitest';
import type { TBooking, TSlots } from '../../shared/booking.schema';
import { Contact } from '../contacts/contact.entity';
import { User } from '../users/user.entity';
import type { TestApp } from '../test-app';
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
  const em = t.deps.orm.em.fork();
  const id = await em.insert(Contact, {
    name: `Lead ${n}`,
    email,
    source: 'api',
    owner: ownerId === null ? null : em.getReference(User, ownerId),
  });
  const link = await bookingLinkFor(em, id, 168);
  return { id, token: link!.token };
}

type Answer = TBooking & { message?: string; manageUrl?: string };

export const slotsOf = (
  t: TestApp,
  token: string,
  query = '&from=2026-12-07&days=2&timeZone=Europe/Berlin',
) => t.anonymous().rest<TSlots>('GET', `/booking/slots?token=${encodeURIComponent(token)}${query}`);

let visitors = 0;
/**
 * A lead's booking, as a browser sends it, from the address `from` or else a network of its own
 * (each call another address, as leads are; the app must trust the loopback proxy to see it): the
 * per-network booking limits then hold back only what one network sends.
 */
export async function book(t: TestApp, token: string, startsAt: string, from?: string) {
  visitors += 1;
  const res = await fetch(`${t.url}/api/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from ?? `198.18.${(visitors >> 8) & 255}.${visitors & 255}`,
    },
    body: JSON.stringify({ token, startsAt }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** GET the lead's booking behind its manage link, or POST an action ('/reschedule', '/cancel'). */
export const manage = (t: TestApp, url: string, action = '', body?: object) =>
  t
    .anonymous()
    .rest<Answer>(
      action ? 'POST' : 'GET',
      `/bookings/manage/${url.split('/').pop()}${action}`,
      body,
    );

/**
 * A call booked for `contactId` at the first free time tomorrow (UTC), hosted by `admin`, who is
 * given hours around the clock first (so a time is free whatever the hour the test runs).
 */
export async function bookTomorrow(t: TestApp, admin: SignedInClient, contactId: number) {
  await giveHours(admin, admin.userId, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
    overrides: [],
  });
  const link = await bookingLinkFor(t.deps.orm.em.fork(), contactId, 168);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const slots = await slotsOf(t, link!.token, `&from=${tomorrow}&days=1&timeZone=UTC`);
  const booked = await book(t, link!.token, slots.body.days[0]!.slots[0]!.startsAt);
  expect(booked.status).toBe(201);
  return booked.body;
}
