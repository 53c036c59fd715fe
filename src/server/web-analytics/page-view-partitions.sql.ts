import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';
import { rolledThrough } from './page-view-rollups.sql';

/** How many months ahead a partition waits for page views (the maintenance runs far more often). */
const MONTHS_AHEAD = 2;

const monthStart = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);

/**
 * Creates the month partitions of page_views from this month to MONTHS_AHEAD months on, those
 * missing: a page view of a month without one could not be stored. Returns how many it created.
 */
export async function ensurePageViewPartitions(em: EntityManager, now: Date): Promise<number> {
  let created = 0;
  for (let i = 0; i <= MONTHS_AHEAD; i++) {
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + i;
    const from = monthStart(year, month);
    const to = monthStart(year, month + 1);
    const name = `page_views_${from.slice(0, 7).replace('-', '_')}`;
    const [exists] = await runSql(
      em,
      sql<{ found: boolean }>`select to_regclass(${name}) is not null as found`,
    );
    if (exists?.found) continue;
    // Partition names and bounds are made here from dates, never from input.
    await runSql(
      em,
      sql`create table if not exists ${sql.table(name)} partition of page_views
          for values from (${sql.lit(`${from} 00:00+00`)}) to (${sql.lit(`${to} 00:00+00`)})`,
    );
    created++;
  }
  return created;
}

/** Raw page views are kept this many days unless ANALYTICS_RAW_DAYS says otherwise. */
export const DEFAULT_ANALYTICS_RAW_DAYS = 90;

/**
 * Drops the month partitions of page_views that end more than `keepDays` days ago and whose
 * days are all rolled up (their figures live on in page_view_rollups). Returns how many.
 */
export async function dropOldPageViewPartitions(
  em: EntityManager,
  now: Date,
  keepDays = DEFAULT_ANALYTICS_RAW_DAYS,
): Promise<number> {
  const keepFrom = new Date(now.getTime() - keepDays * 86_400_000).toISOString().slice(0, 10);
  const through = await rolledThrough(em);
  const partitions = await runSql(
    em,
    sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'page_views'::regclass`,
  );
  let dropped = 0;
  for (const { name } of partitions) {
    const month = /^page_views_(\d{4})_(\d{2})$/.exec(name);
    if (!month) continue;
    const end = monthStart(Number(month[1]), Number(month[2])); // the next month's first day
    const rolledUp = through !== null && Date.parse(through) >= Date.parse(`${end}T00:00:00Z`);
    if (end > keepFrom || !rolledUp) continue;
    await runSql(em, sql`drop table ${sql.table(name)}`);
    dropped++;
  }
  return dropped;
}
