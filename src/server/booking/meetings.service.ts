// The staff side of booked calls (the Meetings screen): the list, the outcome of a call, and
// moving or cancelling one for the lead. Admins see and change every host's; a host their own.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  type TBooking,
  type TBookingListItem,
  type TSlots,
  type ZBookingListQuery,
  type ZMoveSlotsQuery,
} from '../../shared/booking.schema';
import type { TBookingOutcome } from '../../shared/booking.schema';
import type { Actor } from '../auth/session';
import { AppError, notFound } from '../errors';
import type { EventBus } from '../events/event-bus';
import { Booking } from './booking.entity';
import { bookingView, cancel, FOR_CHANGE, moveTo, slotsFor, upcoming } from './bookings.service';
import { bookingPage } from './booking-reads.sql';
import { bookingNow } from './clock';

type ListQuery = z.output<typeof ZBookingListQuery>;

/** Bookings by start time; a host who is not an admin sees only their own. */
export async function listBookings(
  em: EntityManager,
  actor: Actor,
  query: ListQuery,
): Promise<{ items: TBookingListItem[]; nextCursor: string | null }> {
  const hostId = actor.role === 'admin' ? query.hostId : actor.userId;
  const [afterMs, afterId] = query.cursor ? query.cursor.split('.').map(Number) : [];
  const rows = await bookingPage(em, {
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    hostId,
    contactId: query.contactId,
    status: query.status,
    order: query.order,
    after: afterMs !== undefined ? { startsAt: new Date(afterMs), id: afterId! } : undefined,
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last ? `${Date.parse(last.startsAt)}.${last.id}` : null,
  };
}

/**
 * The booking, if the actor may change it (an admin, or its host); `lock`: read FOR_CHANGE.
 * Another host's booking is answered as a missing one (404, the same words), so ids cannot be
 * counted by who holds them.
 */
async function ownBooking(em: EntityManager, actor: Actor, id: number, lock = false) {
  const booking = await em.findOne(Booking, id, lock ? FOR_CHANGE : {});
  if (!booking || (actor.role !== 'admin' && booking.host.id !== actor.userId))
    throw notFound('Booking', id);
  return booking;
}

/**
 * Records how a call went, completed or no-show, once it has started, and publishes it (the note
 * goes on the contact's timeline; a no-show leaves its host a follow-up task). The same outcome
 * again without a note changes nothing.
 */
export async function setBookingOutcome(
  em: EntityManager,
  actor: Actor,
  input: { id: number; status: TBookingOutcome; note?: string | null },
  events: EventBus,
): Promise<TBooking> {
  const id = await em.transactional(async (tem) => {
    const booking = await ownBooking(tem, actor, input.id, true);
    if (booking.status === 'cancelled')
      throw new AppError('CONFLICT', BOOKING_MESSAGES.notUpcoming).as('BOOKING_NOT_UPCOMING');
    if (booking.startsAt > bookingNow())
      throw new AppError('CONFLICT', BOOKING_MESSAGES.notStarted);
    const note = input.note ?? null;
    const from = booking.status;
    if (from === input.status && note === null) return booking.id;
    booking.status = input.status;
    await tem.flush();
    await events.publish(tem, 'booking.outcome_recorded', {
      contactId: booking.contact.id,
      bookingId: booking.id,
      hostId: booking.host.id,
      startsAt: booking.startsAt.toISOString(),
      outcome: input.status,
      from,
      note,
      actorId: actor.userId,
    });
    return booking.id;
  });
  return bookingView(em, id);
}

/** The times a call can move to (its own time free), for its host or an admin. */
export async function slotsToMove(
  em: EntityManager,
  actor: Actor,
  id: number,
  query: z.output<typeof ZMoveSlotsQuery>,
): Promise<TSlots> {
  const booking = upcoming(await ownBooking(em, actor, id));
  return slotsFor(em, booking, query);
}

export async function rescheduleForLead(
  em: EntityManager,
  actor: Actor,
  input: { id: number; startsAt: string },
  events: EventBus,
): Promise<TBooking> {
  return moveTo(em, upcoming(await ownBooking(em, actor, input.id, true)), input.startsAt, events);
}

export async function cancelForLead(
  em: EntityManager,
  actor: Actor,
  input: { id: number; reason?: string | null },
  events: EventBus,
): Promise<TBooking> {
  return cancel(em, await ownBooking(em, actor, input.id, true), input.reason, events);
}
