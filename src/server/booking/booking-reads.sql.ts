// Bookings as the screens, emails and calendar files read them: pages of the list, one booking
// with its people (host, lead, zone), a host's coming calls, a contact's upcoming call.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingListItem, TBookingStatus } from '../../shared/booking.schema';
import { Contact } from '../contacts/contact.entity';
import { typedSql } from '../db/typed-sql';
import { Booking } from './booking.entity';
import { UserAvailability } from './user-availability.entity';
import { User } from '../users/user.entity';

/** One page of bookings with their contacts, by start time then id either way, after a keyset position. */
export async function bookingPage(
  em: EntityManager,
  q: {
    from?: Date;
    to?: Date;
    hostId?: number;
    contactId?: number;
    status?: TBookingStatus;
    order: 'asc' | 'desc';
    after?: { startsAt: Date; id: number };
    limit: number;
  },
): Promise<TBookingListItem[]> {
  let query = typedSql(em, [Booking, Contact])
    .selectFrom('bookings as b')
    .innerJoin('contacts as c', 'c.id', 'b.contact_id')
    .select([
      'b.id',
      'b.contact_id',
      'b.host_id',
      'b.starts_at',
      'b.ends_at',
      'b.status',
      'c.name',
      'c.email',
    ])
    .orderBy('b.starts_at', q.order)
    .orderBy('b.id', q.order)
    .limit(q.limit);
  if (q.from) query = query.where('b.starts_at', '>=', q.from.toISOString());
  if (q.to) query = query.where('b.starts_at', '<', q.to.toISOString());
  if (q.hostId !== undefined) query = query.where('b.host_id', '=', q.hostId);
  if (q.contactId !== undefined) query = query.where('b.contact_id', '=', q.contactId);
  if (q.status) query = query.where('b.status', '=', q.status);
  if (q.after) {
    const { startsAt, id } = q.after;
    const beyond = q.order === 'asc' ? '>' : '<';
    query = query.where((eb) =>
      eb.or([
        eb('b.starts_at', beyond, startsAt.toISOString()),
        eb.and([eb('b.starts_at', '=', startsAt.toISOString()), eb('b.id', beyond, id)]),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    contactId: r.contact_id,
    hostId: r.host_id,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    status: r.status,
    contact: { name: r.name, email: r.email },
  }));
}

/** Bookings with the people their views, emails and calendar files name (one query for any number). */
function bookingsWithPeople(em: EntityManager) {
  return typedSql(em, [Booking, User, Contact, UserAvailability])
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.host_id')
    .innerJoin('contacts as c', 'c.id', 'b.contact_id')
    .leftJoin('user_availability as a', 'a.user_id', 'b.host_id')
    .select([
      'b.id',
      'b.starts_at',
      'b.ends_at',
      'b.status',
      'b.sequence',
      'b.manage_token',
      'b.time_zone',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email as host_email',
      'a.time_zone as host_zone',
      'c.id as contact_id',
      'c.name as contact_name',
      'c.email as contact_email',
      'c.company as contact_company',
    ]);
}

const withDates = <R extends { starts_at: string; ends_at: string }>(row: R) => ({
  ...row,
  starts_at: new Date(row.starts_at),
  ends_at: new Date(row.ends_at),
});

/**
 * The last booking read with its people in a transaction. A change reads its booking once, after
 * writing it, for its answer; its subscribers (the invitation emails) take that row instead of
 * reading it again. Every booking write below forgets it.
 */
const lastRead = new WeakMap<EntityManager, BookingWithPeople>();

/** One booking with its people. */
export async function bookingWithPeople(em: EntityManager, bookingId: number) {
  const row = withDates(
    await bookingsWithPeople(em).where('b.id', '=', bookingId).executeTakeFirstOrThrow(),
  );
  lastRead.set(em, row);
  return row;
}

/** The same, from the row the change read last when it is this booking's (see lastRead). */
export async function bookingWithPeopleOnce(em: EntityManager, bookingId: number) {
  const row = lastRead.get(em);
  return row?.id === bookingId ? row : bookingWithPeople(em, bookingId);
}

/** After a write to a booking: the row read before it is stale. */
export const forgetBookingRead = (em: EntityManager) => lastRead.delete(em);

/** The booking behind a manage link with its people, or undefined. */
export async function bookingWithPeopleOfLink(em: EntityManager, manageToken: string) {
  const row = await bookingsWithPeople(em)
    .where('b.manage_token', '=', manageToken)
    .executeTakeFirst();
  return row && withDates(row);
}

export type BookingWithPeople = Awaited<ReturnType<typeof bookingWithPeople>>;

/** A host's calls that are not cancelled and end after `endsAfter`, by start (at most `limit`). */
export async function hostBookingsWithPeople(
  em: EntityManager,
  hostId: number,
  endsAfter: Date,
  limit: number,
) {
  const rows = await bookingsWithPeople(em)
    .where('b.host_id', '=', hostId)
    .where('b.status', '<>', 'cancelled')
    .where('b.ends_at', '>', endsAfter.toISOString())
    .orderBy('b.starts_at')
    .limit(limit)
    .execute();
  return rows.map(withDates);
}

/** The confirmed calls of these contacts that have not started, with their people, by start. */
export async function upcomingBookingsOfContacts(
  em: EntityManager,
  contactIds: readonly number[],
  now: Date,
) {
  if (!contactIds.length) return [];
  const rows = await bookingsWithPeople(em)
    .where('b.contact_id', 'in', [...contactIds])
    .where('b.status', '=', 'confirmed')
    .where('b.starts_at', '>', now.toISOString())
    .orderBy('b.starts_at')
    .execute();
  return rows.map(withDates);
}

/** The manage token of the contact's confirmed booking that has not ended, if it has one. */
export async function upcomingBookingOf(
  em: EntityManager,
  contactId: number,
  now: Date,
): Promise<string | undefined> {
  const row = await typedSql(em, [Booking])
    .selectFrom('bookings')
    .select('manage_token')
    .where('contact_id', '=', contactId)
    .where('status', '=', 'confirmed')
    .where('ends_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.manage_token;
}
