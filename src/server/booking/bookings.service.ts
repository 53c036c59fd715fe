// Booking for the visitor: the free times of the hosts who may take a contact's call, and the
// booking itself, which PostgreSQL's exclusion constraint decides (booking-writes.sql.ts).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import {
  BOOKING_MESSAGES,
  type TBooking,
  type TSlots,
  type ZSlotsQuery,
} from '../../shared/booking.schema';
import type { z } from 'zod';
import { displayName } from '../../shared/users.schema';
import { AppError, notFound } from '../errors';
import type { EventBus } from '../events/event-bus';
import { Booking } from './booking.entity';
import { loadBookingRules, type BookingRules } from './booking-settings.service';
import { contactOfBookingToken, issueBookingToken } from './booking-token';
import { recordBookingRefusal, type BookingVisitor } from './booking-throttle';
import { contactForBooking, contactOwner } from './booking-contact.sql';
import { lockContact } from './booking-locks.sql';
import { bookingWithPeople, upcomingBookingOf } from './booking-reads.sql';
import { insertConfirmedBooking, moveBooking } from './booking-writes.sql';
import { bookingNow } from './clock';
import { WorkGate } from '../http/work-gate';
import { hostsFor } from './host-calendars';
import { isLinkToken, newLinkToken } from './link-token';
import { manageUrlOf } from './manage-url';
import { confirmDayCap, DAY_FULL_RETRIES, DayFull, placeWithHost } from './placement';
import { bookableWindow, bookedTimes, freeStarts, isOffered } from './slots';
import { localDateOf, startOfLocalDate } from './wall-clock';

/** The rules, refusing when booking is switched off (403 for slots and bookings alike). */
async function openRules(em: EntityManager): Promise<BookingRules> {
  const rules = await loadBookingRules(em);
  if (!rules.enabled) throw new AppError('FORBIDDEN', BOOKING_MESSAGES.unavailable);
  return rules;
}

/** The contact of a booking link (401 for a bad or expired one). */
async function contactOf<C>(
  rules: BookingRules,
  token: string,
  read: (contactId: number) => Promise<C | undefined>,
): Promise<C> {
  const id = contactOfBookingToken(rules.tokenSecret, token, bookingNow());
  const contact = id === null ? undefined : await read(id);
  if (!contact) throw new AppError('UNAUTHORIZED', BOOKING_MESSAGES.badToken, 'token');
  return contact;
}

/** The link a contact's submission answer carries, or undefined when booking is off. */
export async function bookingLinkFor(
  em: EntityManager,
  contactId: number,
  ttlHours: number,
): Promise<{ token: string; url: string } | undefined> {
  const rules = await loadBookingRules(em);
  if (!rules.enabled) return undefined;
  const token = issueBookingToken(rules.tokenSecret, contactId, bookingNow(), ttlHours);
  return { token, url: `/book/${token}` };
}

/** The absolute booking page of a contact, for emails (the auto-reply); undefined while off. */
export const bookingPageLink =
  (publicUrl: string, ttlHours: number) =>
  async (em: EntityManager, contactId: number): Promise<string | undefined> => {
    const link = await bookingLinkFor(em, contactId, ttlHours);
    return link && `${publicUrl}${link.url}`;
  };

type SlotsQuery = z.output<typeof ZSlotsQuery>;

/**
 * Free times are the costliest public read (a pool's calendars through the slot rules): 3,000
 * readers from 3,000 networks once kept an instance's one thread busy for everybody. At most
 * FREE_TIME_LIMITS.maxRunning are worked out at once per instance and a few more wait; beyond
 * that a reader is asked to retry in a moment (503), and the rest of the site stays served.
 */
export const FREE_TIME_LIMITS = { maxRunning: 4, maxWaiting: 32, retryAfterSeconds: 2 } as const;
const freeTimeReads = new WorkGate(FREE_TIME_LIMITS, BOOKING_MESSAGES.busyReading);

/** The visitor's days (in their zone) with every time at least one host is free. */
export async function listSlots(em: EntityManager, query: SlotsQuery): Promise<TSlots> {
  return freeTimeReads.run(async () => {
    if (query.manageToken)
      return slotsFor(em, upcoming(await byManageToken(em, query.manageToken)), query);
    const rules = await openRules(em);
    const contact = await contactOf(rules, query.token ?? '', (id) => contactOwner(em, id));
    return freeDays(em, rules, contact, query);
  });
}

/** The days a booked call can move to (its own time counts as free). */
export async function slotsFor(
  em: EntityManager,
  moving: BookingRow,
  query: DaysQuery,
): Promise<TSlots> {
  const rules = await openRules(em);
  const contact = await contactOfBooking(em, moving);
  return freeDays(em, rules, contact, query, moving.id);
}

type DaysQuery = { from?: string; days: number; timeZone: string };

async function freeDays(
  em: EntityManager,
  rules: BookingRules,
  contact: { owner?: { id: number } | null },
  query: DaysQuery,
  movingId?: number,
): Promise<TSlots> {
  const now = bookingNow();
  const zone = query.timeZone;
  const from = query.from ?? localDateOf(now, zone);
  const dates = Array.from({ length: query.days }, (_, i) =>
    DateTime.fromISO(from, { zone }).plus({ days: i }).toISODate()!,
  );
  const bookable = bookableWindow(rules, now);
  const view = {
    start: new Date(Math.max(bookable.start.getTime(), startOfLocalDate(from, zone).getTime())),
    end: new Date(
      Math.min(
        bookable.end.getTime(),
        DateTime.fromISO(dates.at(-1)!, { zone }).plus({ days: 1 }).startOf('day').toMillis(),
      ),
    ),
  };
  const starts = new Set<number>();
  if (view.start < view.end)
    for (const host of await hostsFor(em, contact, rules, bookable, movingId))
      for (const start of freeStarts(host, rules, view)) starts.add(start.getTime());
  // Each start goes to the visitor's date it falls on, by the instants those dates begin.
  const dateStarts = dates.map((date) => startOfLocalDate(date, zone).getTime());
  const days = dates.map((date) => ({ date, slots: [] as { startsAt: string }[] }));
  let day = 0;
  for (const start of [...starts].sort((a, b) => a - b)) {
    while (day + 1 < dates.length && start >= dateStarts[day + 1]!) day += 1;
    if (start >= dateStarts[0]!) days[day]!.slots.push({ startsAt: new Date(start).toISOString() });
  }
  return { timeZone: zone, durationMinutes: rules.durationMinutes, days };
}

/**
 * Books `startsAt` for the token's contact with the free host booked least recently, who becomes
 * the contact's owner. 400 for a time never offered, 409 when it was just taken (or the contact
 * already has an upcoming call), 401 for a bad token, 403 when booking is off.
 */
export async function createBooking(
  em: EntityManager,
  input: { token: string; startsAt: string; timeZone?: string },
  events: EventBus,
  who: BookingVisitor,
): Promise<TBooking> {
  for (let retry = 0; ; retry++) {
    try {
      return await em.fork().transactional((tem) => bookOnce(tem, input, events));
    } catch (error) {
      // The site's caps: 429 asking the lead to answer our email instead, counted in the
      // Security Center (recorded here, outside the transaction that rolled back). Bookings racing
      // for the cap's last place may each pass: it can be exceeded by the few in flight.
      if (error instanceof SiteBookedUp) {
        await recordBookingRefusal(em, who, `Site-wide booking cap: ${error.message}`);
        throw new AppError('TOO_MANY_REQUESTS', BOOKING_MESSAGES.busy);
      }
      if (!(error instanceof DayFull)) throw error;
      if (retry === DAY_FULL_RETRIES)
        throw new AppError('CONFLICT', BOOKING_MESSAGES.taken, 'startsAt').as('BOOKING_SLOT_TAKEN');
    }
  }
}

/**
 * The time asked for, refused (400 naming startsAt) when it lies outside the bookable window
 * (notice to horizon) before any slot arithmetic or query looks at it.
 */
function bookableStart(rules: BookingRules, startsAt: string): Date {
  const start = new Date(startsAt);
  const window = bookableWindow(rules, bookingNow());
  if (!(start >= window.start && start < window.end))
    throw new AppError('BAD_REQUEST', BOOKING_MESSAGES.outsideWindow, 'startsAt');
  return start;
}

async function bookOnce(
  tem: EntityManager,
  input: { token: string; startsAt: string; timeZone?: string },
  events: EventBus,
): Promise<TBooking> {
  const rules = await openRules(tem);
  const start = bookableStart(rules, input.startsAt);
  const contact = await contactOf(rules, input.token, (id) =>
    contactForBooking(tem, id, bookedTimes(rules, start), {
      perHour: rules.maxBookingsPerHour,
      perDay: rules.maxBookingsPerDay,
    }),
  );
  const bookedUp = siteCapReached(rules, contact);
  if (bookedUp) throw new SiteBookedUp(bookedUp);
  // A crowd on one time is answered here, after one round trip. An owner who can host hosts
  // while they have free time: taken at an offered time, it is a 409 without reading calendars.
  // (A rare false "taken": had this taken time been the owner's last free one in the whole
  // horizon, the lead would have gone to the routing pool.)
  const ownerHours = contact.ownerHours;
  if (ownerHours && contact.ownerTaken && isOffered(ownerHours, rules, start, bookingNow()))
    throw new AppError('CONFLICT', BOOKING_MESSAGES.taken, 'startsAt').as('BOOKING_SLOT_TAKEN');
  // One upcoming call per contact: checked under the contact's lock (two tabs booking at once).
  const oneCallOnly = async (em: EntityManager) => {
    await lockContact(em, contact.id);
    const upcoming = await upcomingBookingOf(em, contact.id, bookingNow());
    if (upcoming)
      throw new AppError('CONFLICT', BOOKING_MESSAGES.alreadyBooked, undefined, {
        manageUrl: manageUrlOf(upcoming),
      });
  };
  const manageToken = newLinkToken();
  let id = 0;
  const host = await placeWithHost(
    tem,
    { rules, contact, start, beforeTaking: oneCallOnly },
    events,
    async (sp, hostId, times) => {
      const booked = await insertConfirmedBooking(sp, {
        contactId: contact.id,
        hostId,
        ...times,
        manageToken,
        timeZone: input.timeZone ?? null,
      });
      id = booked ?? 0;
      return booked !== null;
    },
  );
  const view = await bookingView(tem, id);
  await events.publish(tem, 'booking.created', { contactId: contact.id, booking: view });
  await confirmDayCap(tem, host, rules, start);
  return view;
}

/** The site is booked up (maxBookingsPerHour or maxBookingsPerDay): answered outside the booking's transaction. */
class SiteBookedUp extends Error {}

/** Why the caps refuse a booking now, from the counts read with the contact; null when they do not. */
function siteCapReached(
  rules: BookingRules,
  counts: { bookedLastHour: number; bookedLastDay: number },
) {
  if (counts.bookedLastHour >= rules.maxBookingsPerHour)
    return `${counts.bookedLastHour} bookings in the last hour (limit ${rules.maxBookingsPerHour})`;
  if (counts.bookedLastDay >= rules.maxBookingsPerDay)
    return `${counts.bookedLastDay} bookings in the last 24 hours (limit ${rules.maxBookingsPerDay})`;
  return null;
}

/**
 * How a booking is read to change it: its row locked to the end of the caller's transaction, so
 * changes to one booking (a move racing a cancellation, ten cancellations at once) run one after
 * the other, each seeing the last one's outcome.
 */
export const FOR_CHANGE = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;

/** The lead's booking behind a manage link (404 for an unknown link); `lock`: read FOR_CHANGE. */
async function byManageToken(em: EntityManager, manageToken: string, lock = false) {
  const booking = isLinkToken(manageToken)
    ? await em.findOne(Booking, { manageToken }, lock ? FOR_CHANGE : {})
    : null;
  if (!booking) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.notFound).as('BOOKING_NOT_FOUND');
  return booking;
}

/** A confirmed booking that has not ended, locked: the only kind a lead can move or cancel. */
async function changeable(em: EntityManager, manageToken: string) {
  return upcoming(await byManageToken(em, manageToken, true));
}

/** The booking, when it is confirmed and has not ended (409 otherwise). */
export function upcoming<T extends { status: string; endsAt: Date }>(booking: T): T {
  if (booking.status !== 'confirmed' || booking.endsAt <= bookingNow())
    throw new AppError('CONFLICT', BOOKING_MESSAGES.notUpcoming).as('BOOKING_NOT_UPCOMING');
  return booking;
}

export async function getManagedBooking(em: EntityManager, manageToken: string) {
  return bookingView(em, (await byManageToken(em, manageToken)).id);
}

/** Moves the booking (same id and manage link, SEQUENCE + 1), to its host when free. */
export function rescheduleManagedBooking(
  em: EntityManager,
  manageToken: string,
  startsAt: string,
  events: EventBus,
): Promise<TBooking> {
  return em.transactional(async (tem) =>
    moveTo(tem, await changeable(tem, manageToken), startsAt, events),
  );
}

/** Cancels the booking; the lead may book again. Cancelling a cancelled call changes nothing. */
export function cancelManagedBooking(
  em: EntityManager,
  manageToken: string,
  reason: string | null | undefined,
  events: EventBus,
): Promise<TBooking> {
  return em.transactional(async (tem) =>
    cancel(tem, await byManageToken(tem, manageToken, true), reason, events),
  );
}

type BookingRow = NonNullable<Awaited<ReturnType<typeof byManageToken>>>;

/** A booked call's contact, as booking reads it (id and owner). */
async function contactOfBooking(em: EntityManager, booking: BookingRow) {
  const contact = await contactOwner(em, booking.contact.id);
  if (!contact) throw notFound('Contact', booking.contact.id);
  return contact;
}

/** A confirmed, upcoming booking moved to `startsAt` (in the caller's transaction). */
export async function moveTo(
  em: EntityManager,
  booking: BookingRow,
  startsAt: string,
  events: EventBus,
): Promise<TBooking> {
  const rules = await openRules(em);
  const start = bookableStart(rules, startsAt);
  const contact = await contactOfBooking(em, booking);
  const from = booking.startsAt.toISOString();
  const host = await placeWithHost(
    em,
    {
      rules,
      contact,
      start,
      moving: { id: booking.id, hostId: booking.host.id },
    },
    events,
    async (sp, hostId, times) => {
      await moveBooking(sp, booking.id, { hostId, ...times });
      return true;
    },
  );
  const view = await bookingView(em, booking.id);
  await events.publish(em, 'booking.rescheduled', { contactId: contact.id, booking: view, from });
  await confirmDayCap(em, host, rules, start).catch((error: unknown) => {
    throw error instanceof DayFull
      ? new AppError('CONFLICT', BOOKING_MESSAGES.taken, 'startsAt').as('BOOKING_SLOT_TAKEN')
      : error;
  });
  return view;
}

/**
 * Cancels a booking locked by the caller's transaction: a confirmed, upcoming one is cancelled
 * (SEQUENCE raised, so calendars apply the CANCEL over every earlier invitation) and its emails
 * follow from the event; one already cancelled is answered as it stands, with no second email.
 */
export async function cancel(
  em: EntityManager,
  booking: BookingRow,
  reason: string | null | undefined,
  events: EventBus,
): Promise<TBooking> {
  if (booking.status === 'cancelled') return bookingView(em, booking.id);
  upcoming(booking);
  booking.status = 'cancelled';
  booking.cancelReason = reason || null;
  booking.sequence += 1;
  await em.flush();
  const view = await bookingView(em, booking.id);
  await events.publish(em, 'booking.cancelled', {
    contactId: booking.contact.id,
    booking: view,
    ...(reason ? { reason } : {}),
  });
  return view;
}

export async function bookingView(em: EntityManager, id: number): Promise<TBooking> {
  const booking = await bookingWithPeople(em, id);
  return {
    id: booking.id,
    startsAt: booking.starts_at.toISOString(),
    endsAt: booking.ends_at.toISOString(),
    status: booking.status,
    host: {
      name: displayName({
        firstName: booking.first_name,
        lastName: booking.last_name,
        username: booking.username,
      }),
    },
    manageUrl: manageUrlOf(booking.manage_token),
  };
}
