// Hosts' calendars in SQL: their busy times (bookings and feeds) for the slots, replacing a feed's busy times in
// one statement pair, and claiming the feeds due for a refresh across instances.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../db/typed-sql';
import type { BusyInterval } from './calendar-feed-parse';
import { Booking } from './booking.entity';
import { CalendarBusyTime, CalendarFeed } from './calendar-feed.entity';

/**
 * Everything that makes `hostIds` busy in [from, to), in one round trip: their confirmed bookings
 * (with their ids, for the daily counts and to leave out a booking being moved) and their feeds'
 * busy times (id 0).
 */
export async function busyTimes(
  em: EntityManager,
  hostIds: number[],
  from: Date,
  to: Date,
): Promise<{ id: number; hostId: number; startsAt: Date; endsAt: Date }[]> {
  if (!hostIds.length) return [];
  const sql = typedSql(em, [Booking, CalendarBusyTime]);
  const rows = await sql
    .selectFrom('bookings')
    .select(['id', 'host_id', 'starts_at', 'ends_at'])
    .where('host_id', 'in', hostIds)
    .where('status', '=', 'confirmed')
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .unionAll(
      sql
        .selectFrom('calendar_busy_times')
        .select((eb) => [eb.lit(0).as('id'), 'user_id as host_id', 'starts_at', 'ends_at'])
        .where('user_id', 'in', hostIds)
        .where('starts_at', '<', to)
        .where('ends_at', '>', from),
    )
    .execute();
  // The ORM's pool leaves timestamps as text.
  return rows.map((r) => ({
    id: Number(r.id),
    hostId: r.host_id,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
  }));
}

/** The feed's busy times become `busy` (call inside a transaction: never half replaced). */
export async function replaceBusyTimes(
  em: EntityManager,
  feed: { id: number; userId: number },
  busy: BusyInterval[],
): Promise<void> {
  const sql = typedSql(em, [CalendarBusyTime]);
  await sql.deleteFrom('calendar_busy_times').where('feed_id', '=', feed.id).execute();
  // 4 parameters a row: chunks stay far below PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < busy.length; i += 5000)
    await sql
      .insertInto('calendar_busy_times')
      .values(
        busy.slice(i, i + 5000).map((b) => ({
          feed_id: feed.id,
          user_id: feed.userId,
          starts_at: b.startsAt,
          ends_at: b.endsAt,
        })),
      )
      .execute();
}

/**
 * Feeds due for their periodic refresh, claimed for this instance: their next time moves on by
 * `everyMs`, and SKIP LOCKED lets another instance claiming at once take different ones.
 */
export async function claimDueFeeds(
  em: EntityManager,
  now: Date,
  everyMs: number,
  limit: number,
): Promise<number[]> {
  const sql = typedSql(em, [CalendarFeed]);
  const due = sql
    .selectFrom('calendar_feeds')
    .select('id')
    .where('next_sync_at', '<=', now)
    .orderBy('next_sync_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await sql
    .updateTable('calendar_feeds')
    .set({ next_sync_at: new Date(now.getTime() + everyMs) })
    .where('id', 'in', due)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
