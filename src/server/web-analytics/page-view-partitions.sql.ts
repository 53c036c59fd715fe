import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';

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
