// Hosts' calendar feeds in SQL: replacing a feed's busy times in one statement pair, and claiming
// the feeds due for a refresh across instances (the slots read the busy times in host-schedule.sql.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../db/typed-sql';
import type { BusyInterval } from './calendar-feed-parse';
import { CalendarBusyTime, CalendarFeed } from './calendar-feed.entity';

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
 * `everyMs`, and SKIP LOCKED lets another instance claiming at once take different ones. A feed
 * over budget is not due until a refresh by hand reads it within budget again.
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
    .where('next_sync_at', '<=', now.toISOString())
    .where('over_budget', '=', false)
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
