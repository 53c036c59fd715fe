// What decides a host's free times: their hours, the hosts to fall back on, their confirmed
// bookings and their calendars' busy times, and when each was last booked.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAvailability } from '../../shared/booking.schema';
import { typedSql } from '../db/typed-sql';
import { Booking } from './booking.entity';
import { CalendarBusyTime } from './calendar-feed.entity';
import { UserAvailability } from './user-availability.entity';
import { LeadRoutingMember } from '../lead-routing/lead-routing-member.entity';
import { User } from '../users/user.entity';

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

/** [from, to): the times asked about. */
interface TimeWindow {
  from: Date;
  to: Date;
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
  { from, to }: TimeWindow,
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
  window: TimeWindow,
): Promise<BusyRow[]> {
  if (!hostIds.length) return [];
  return (await confirmedIn(calendarSql(em), hostIds, window).execute()).map(busyRow);
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
  window: TimeWindow,
): Promise<BusyRow[]> {
  const { from, to } = window;
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
  const rows = await confirmedIn(sql, hostIds, window)
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
