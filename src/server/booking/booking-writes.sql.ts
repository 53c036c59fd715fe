// Booking writes the unit of work cannot say: an insert the exclusion constraint may refuse
// (ON CONFLICT ... DO NOTHING) and a move that raises SEQUENCE.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../db/typed-sql';
import { Booking } from './booking.entity';
import { forgetBookingRead } from './booking-reads.sql';

/**
 * Inserts a confirmed booking unless the host's calendar already holds one overlapping
 * [startsAt, blockedUntil): the exclusion constraint bookings_no_overlap decides, waiting for a
 * concurrent insert to commit or roll back first. Null when it refused.
 */
export async function insertConfirmedBooking(
  em: EntityManager,
  booking: {
    contactId: number;
    hostId: number;
    startsAt: Date;
    endsAt: Date;
    blockedUntil: Date;
    manageToken: string;
    timeZone: string | null;
  },
): Promise<number | null> {
  forgetBookingRead(em);
  const row = await typedSql(em, [Booking])
    .insertInto('bookings')
    .values({
      contact_id: booking.contactId,
      host_id: booking.hostId,
      starts_at: booking.startsAt,
      ends_at: booking.endsAt,
      blocked_until: booking.blockedUntil,
      status: 'confirmed',
      manage_token: booking.manageToken,
      sequence: 0,
      time_zone: booking.timeZone,
    })
    .onConflict((oc) => oc.constraint('bookings_no_overlap').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** PostgreSQL's answer when a change would break bookings_no_overlap. */
export const isOverlap = (error: unknown) =>
  (error as { code?: string } | null)?.code === '23P01' ||
  String((error as Error | null)?.message ?? '').includes('bookings_no_overlap');

/**
 * Moves a booking to another time (and maybe host), raising its SEQUENCE. The exclusion
 * constraint refuses an overlap with an error (isOverlap): call it in a savepoint.
 */
export async function moveBooking(
  em: EntityManager,
  id: number,
  to: { hostId: number; startsAt: Date; endsAt: Date; blockedUntil: Date },
): Promise<void> {
  forgetBookingRead(em);
  await typedSql(em, [Booking])
    .updateTable('bookings')
    .set((eb) => ({
      host_id: to.hostId,
      starts_at: to.startsAt,
      ends_at: to.endsAt,
      blocked_until: to.blockedUntil,
      sequence: eb('sequence', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}
