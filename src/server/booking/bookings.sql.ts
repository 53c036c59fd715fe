// What the booking feature says in SQL: the advisory locks (a host's start time, a host's day, a
// contact), the contact read that answers a crowd in one round trip, the hosts' hours and busy
// times, the booking writes, and the lists and views of bookings with their people.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAvailability, TBookingListItem, TBookingStatus } from '../../shared/booking.schema';
import { Contact } from '../contacts/contact.entity';
import { typedSql } from '../db/typed-sql';
import { Booking } from './booking.entity';
import { CalendarBusyTime } from './calendar-feed.entity';
import { UserAvailability } from './user-availability.entity';
import { LeadRoutingMember } from '../lead-routing/lead-routing-member.entity';
import { User } from '../users/user.entity';

/**
 * Serialises the daily-cap count of one host's local day until the transaction (or savepoint)
 * ends: each booking counts the day after its own insert while holding this, so it sees every
 * earlier holder's committed booking, and two can never both squeeze under the cap.
 */
export async function lockHostDay(
  em: EntityManager,
  hostId: number,
  localDate: string,
): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [
    `booking_host_day:${hostId}:${localDate}`,
  ]);
}

/**
 * SQL claiming the start time (the `?` parameter, from slotParameter) of the host `hostIdSql`
 * for this transaction without waiting: false while another transaction is booking that very
 * time with that host, so a crowd racing for one slot is answered at once instead of queueing
 * behind the one that gets it. Re-entrant: claiming a time this transaction holds is true.
 */
const claimSlotSql = (hostIdSql: string) =>
  `pg_try_advisory_xact_lock(hashtextextended('booking_slot:' || ${hostIdSql} || ':' || ?, 0))`;
const slotParameter = (start: Date) => String(start.getTime());

/** Claims one host's start time for this transaction (see claimSlotSql). */
export async function tryClaimSlot(
  em: EntityManager,
  hostId: number,
  start: Date,
): Promise<boolean> {
  const [row] = await em.execute<{ claimed: boolean }[]>(
    `select ${claimSlotSql('?::int')} as claimed`,
    [hostId, slotParameter(start)],
  );
  return row?.claimed === true;
}

/** Serialises one contact's bookings: two tabs booking at once still leave one upcoming call. */
export async function lockContact(em: EntityManager, contactId: number): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('booking_contact'), ?)`, [contactId]);
}

/** Active users with availability among `ids`, with their hours. */
export async function availabilityOf(
  em: EntityManager,
  ids: number[],
): Promise<{ hostId: number; availability: TAvailability }[]> {
  if (!ids.length) return [];
  const rows = await typedSql(em, [UserAvailability, User])
    .selectFrom('user_availability as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'a.time_zone', 'a.weekly', 'a.overrides'])
    .where('a.user_id', 'in', ids)
    .where('u.is_active', '=', true)
    .orderBy('a.user_id')
    .execute();
  return rows.map((r) => ({
    hostId: r.user_id,
    availability: { timeZone: r.time_zone, weekly: r.weekly, overrides: r.overrides },
  }));
}

/** Who may host when the contact's owner cannot: the routing pool, else every active admin. */
export async function fallbackHostIds(em: EntityManager): Promise<number[]> {
  const sql = typedSql(em, [LeadRoutingMember, User, UserAvailability]);
  const pool = await sql
    .selectFrom('lead_routing_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id as id')
    .where('u.is_active', '=', true)
    .execute();
  if (pool.length) return pool.map((r) => r.id);
  const admins = await sql
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .execute();
  return admins.map((r) => r.id);
}

/** Reads over the bookings and the feeds' busy times (one typed instance, so they can union). */
const calendarSql = (em: EntityManager) => typedSql(em, [Booking, CalendarBusyTime]);

/**
 * The one definition of "a host's confirmed bookings overlapping [from, to)". Times come as
 * seconds since the epoch (date_part), numbers the driver reads as such: a pool's busy times are
 * thousands of rows, and parsing their timestamps from text cost more than the query itself.
 */
const confirmedIn = (
  sql: ReturnType<typeof calendarSql>,
  hostIds: number[],
  from: Date,
  to: Date,
) =>
  sql
    .selectFrom('bookings')
    .select((eb) => [
      'id',
      'host_id',
      eb.fn<number>('date_part', [eb.val('epoch'), 'starts_at']).as('starts_at'),
      eb.fn<number>('date_part', [eb.val('epoch'), 'ends_at']).as('ends_at'),
    ])
    .where('host_id', 'in', hostIds)
    .where('status', '=', 'confirmed')
    .where('starts_at', '<', to.toISOString())
    .where('ends_at', '>', from.toISOString());

/** A booking (its id) or a feed's busy time (id 0) of a host. */
type BusyRow = ReturnType<typeof busyRow>;

const busyRow = (r: { id: number; host_id: number; starts_at: number; ends_at: number }) => ({
  id: Number(r.id),
  hostId: r.host_id,
  startsAt: new Date(r.starts_at * 1000),
  endsAt: new Date(r.ends_at * 1000),
});

/** Confirmed bookings of `hostIds` overlapping [from, to). */
export async function confirmedBookings(
  em: EntityManager,
  hostIds: number[],
  from: Date,
  to: Date,
): Promise<BusyRow[]> {
  if (!hostIds.length) return [];
  return (await confirmedIn(calendarSql(em), hostIds, from, to).execute()).map(busyRow);
}

/**
 * Everything that makes `hostIds` busy in [from, to), in one round trip: their confirmed bookings
 * (with their ids, for the daily counts and to leave out a booking being moved) and their feeds'
 * busy times (id 0). A host's feed times come merged where they overlap or touch (range_agg):
 * the slot rules only ask whether a time is clear of all of them, and a full calendar's
 * overlapping events would otherwise each be sent and parsed.
 */
export async function busyTimes(
  em: EntityManager,
  hostIds: number[],
  from: Date,
  to: Date,
): Promise<BusyRow[]> {
  if (!hostIds.length) return [];
  const sql = calendarSql(em);
  const merged = sql
    .selectFrom('calendar_busy_times')
    .select((eb) => [
      'user_id',
      eb
        .fn('unnest', [eb.fn('range_agg', [eb.fn('tstzrange', ['starts_at', 'ends_at'])])])
        .as('busy'),
    ])
    .where('user_id', 'in', hostIds)
    .where('starts_at', '<', to.toISOString())
    .where('ends_at', '>', from.toISOString())
    .groupBy('user_id')
    .as('merged');
  const rows = await confirmedIn(sql, hostIds, from, to)
    .unionAll(
      sql
        .selectFrom(merged)
        .select((eb) => [
          eb.lit(0).as('id'),
          'merged.user_id as host_id',
          eb
            .fn<number>('date_part', [eb.val('epoch'), eb.fn('lower', ['merged.busy'])])
            .as('starts_at'),
          eb
            .fn<number>('date_part', [eb.val('epoch'), eb.fn('upper', ['merged.busy'])])
            .as('ends_at'),
        ]),
    )
    .execute();
  return rows.map(busyRow);
}

/** When each host was last booked (hosts never booked are missing). */
export async function lastBookedAt(em: EntityManager, hostIds: number[]) {
  if (!hostIds.length) return new Map<number, Date>();
  const rows = await typedSql(em, [Booking])
    .selectFrom('bookings')
    .select(({ fn }) => ['host_id', fn.max('created_at').as('last')])
    .where('host_id', 'in', hostIds)
    .groupBy('host_id')
    .execute();
  return new Map(rows.map((r) => [r.host_id, new Date(r.last)]));
}

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

/** One booking with its people. */
export async function bookingWithPeople(em: EntityManager, bookingId: number) {
  return withDates(
    await bookingsWithPeople(em).where('b.id', '=', bookingId).executeTakeFirstOrThrow(),
  );
}

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

/** A contact about to book, with what decides at once whether its owner can take the time. */
export interface BookingContact {
  id: number;
  owner: { id: number } | null;
  /** The owner's hours, when the owner can host (active, with hours saved); else null. */
  ownerHours: TAvailability | null;
  /**
   * The owner cannot take this time right now: another transaction holds it (claimSlotSql), or
   * a committed booking of theirs overlaps it with the buffers (the exclusion constraint's test).
   * Always false when the owner cannot host.
   */
  ownerTaken: boolean;
  /** Calls booked site-wide in the last hour and the last 24 hours, up to the caps (the site's booking caps). */
  bookedLastHour: number;
  bookedLastDay: number;
}

/**
 * The contact of a booking at `times`, its owner's time claimed in the same statement, and the
 * site's recent bookings counted up to `caps`: one round trip tells a crowd's losers that the
 * time is taken, and tells everyone when the site is booked up, before any calendar is read.
 */
export async function contactForBooking(
  em: EntityManager,
  contactId: number,
  times: { startsAt: Date; blockedUntil: Date },
  caps: { perHour: number; perDay: number },
): Promise<BookingContact | undefined> {
  const [row] = await em.execute<
    {
      id: number;
      owner_id: number | null;
      time_zone: string | null;
      weekly: TAvailability['weekly'] | null;
      overrides: TAvailability['overrides'] | null;
      taken: boolean;
      booked_last_hour: string;
      booked_last_day: string;
    }[]
  >(
    `select c.id, c.owner_id, a.time_zone, a.weekly, a.overrides,
            (select count(*) from (select 1 from bookings
                                    where created_at > now() - interval '1 hour' limit ?) h) as booked_last_hour,
            (select count(*) from (select 1 from bookings
                                    where created_at > now() - interval '24 hours' limit ?) d) as booked_last_day,
            case when a.user_id is null then false
                 else not ${claimSlotSql('c.owner_id')}
                   or exists (select 1 from bookings b
                               where b.host_id = c.owner_id and b.status = 'confirmed'
                                 and tstzrange(b.starts_at, b.blocked_until) && tstzrange(?, ?))
            end as taken
       from contacts c
       left join users u on u.id = c.owner_id and u.is_active
       left join user_availability a on a.user_id = u.id
      where c.id = ?`,
    [
      caps.perHour,
      caps.perDay,
      slotParameter(times.startsAt),
      times.startsAt,
      times.blockedUntil,
      contactId,
    ],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    owner: row.owner_id === null ? null : { id: row.owner_id },
    ownerHours:
      row.time_zone === null
        ? null
        : { timeZone: row.time_zone, weekly: row.weekly!, overrides: row.overrides! },
    ownerTaken: row.taken,
    bookedLastHour: Number(row.booked_last_hour),
    bookedLastDay: Number(row.booked_last_day),
  };
}

/** A contact's id and owner, or undefined (what booking needs of it, without loading the entity). */
export async function contactOwner(
  em: EntityManager,
  contactId: number,
): Promise<{ id: number; owner: { id: number } | null } | undefined> {
  const row = await typedSql(em, [Contact])
    .selectFrom('contacts')
    .select(['id', 'owner_id'])
    .where('id', '=', contactId)
    .executeTakeFirst();
  return row && { id: row.id, owner: row.owner_id === null ? null : { id: row.owner_id } };
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
