// page_views is partitioned by month, with a DEFAULT partition beside the months: a page view of
// any instant can be stored (a test's yesterday on the first of a month, a restore, a back-fill),
// whatever partitions the maintenance has made so far. The maintenance then moves what landed in
// the default into the month partitions, so retention can still drop a month whole.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { lockForTransaction } from '../db/advisory-lock.sql';
import { runSql } from '../db/typed-sql';
import { rolledThrough } from './page-view-rollups.sql';

/** How many months ahead a partition waits for page views (the maintenance runs far more often). */
const MONTHS_AHEAD = 2;
/** The partition that takes the page views of a month without a partition of its own. */
export const DEFAULT_PARTITION = 'page_views_default';

/** The first day (YYYY-MM-DD) of a month; months past 11 or below 0 roll into other years. */
const monthStart = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
const partitionName = (from: string) => `page_views_${from.slice(0, 7).replace('-', '_')}`;

/**
 * Whether the table exists, read from pg_class on the statement's snapshot: to_regclass reads the
 * backend's catalog cache, which inside a transaction can miss a table another one just committed.
 */
async function exists(em: EntityManager, name: string): Promise<boolean> {
  const [row] = await runSql(
    em,
    sql<{ found: boolean }>`select exists (select 1 from pg_class
                              where relname = ${name} and relnamespace = current_schema()::regnamespace) as found`,
  );
  return row?.found === true;
}

/**
 * Makes the partition of the month starting `from`, moving that month's rows out of the default
 * partition first (PostgreSQL refuses a new partition whose rows the default holds). One
 * transaction under a lock, so two instances never make the same month twice and no row is seen
 * twice or lost. Returns whether it made one.
 */
async function createMonth(em: EntityManager, from: string): Promise<boolean> {
  const to = new Date(`${from}T00:00:00Z`);
  to.setUTCMonth(to.getUTCMonth() + 1);
  const name = partitionName(from);
  // Partition names and bounds are made here from dates, never from input.
  const lower = sql.lit(`${from} 00:00+00`);
  const upper = sql.lit(`${to.toISOString().slice(0, 10)} 00:00+00`);
  return em.transactional(async (tem) => {
    const t = tem as EntityManager;
    await lockForTransaction(t, 'page_view_partitions');
    if (await exists(t, name)) return false;
    const inMonth = sql`viewed_at >= ${lower}::timestamptz and viewed_at < ${upper}::timestamptz`;
    const [held] = await runSql(
      t,
      sql<{ any: boolean }>`select exists (select 1 from ${sql.table(DEFAULT_PARTITION)}
                                            where ${inMonth}) as any`,
    );
    if (!held?.any) {
      await runSql(
        t,
        sql`create table ${sql.table(name)} partition of page_views
            for values from (${lower}) to (${upper})`,
      );
      return true;
    }
    await runSql(t, sql`create table ${sql.table(name)} (like page_views including defaults)`);
    await runSql(
      t,
      sql`with moved as (delete from ${sql.table(DEFAULT_PARTITION)} where ${inMonth} returning *)
          insert into ${sql.table(name)} select * from moved`,
    );
    // Attaching builds the parent's indexes on it and checks the bounds against its rows.
    await runSql(
      t,
      sql`alter table page_views attach partition ${sql.table(name)}
          for values from (${lower}) to (${upper})`,
    );
    return true;
  });
}

/**
 * Creates the month partitions of page_views from this month to MONTHS_AHEAD months on, and of
 * every month the default partition holds rows of (moving them there). Returns how many it made.
 */
export async function ensurePageViewPartitions(em: EntityManager, now: Date): Promise<number> {
  const months = new Set<string>();
  for (let i = 0; i <= MONTHS_AHEAD; i++)
    months.add(monthStart(now.getUTCFullYear(), now.getUTCMonth() + i));
  const stray = await runSql(
    em,
    sql<{
      month: string;
    }>`select distinct to_char(date_trunc('month', viewed_at at time zone 'utc'),
                                                    'YYYY-MM-DD') as month
                             from ${sql.table(DEFAULT_PARTITION)}`,
  );
  for (const { month } of stray) months.add(month);
  let created = 0;
  for (const from of [...months].sort())
    if (!(await exists(em, partitionName(from))) && (await createMonth(em, from))) created++;
  return created;
}

/** Raw page views are kept this many days unless ANALYTICS_RAW_DAYS says otherwise. */
export const DEFAULT_ANALYTICS_RAW_DAYS = 90;

/**
 * Drops the month partitions of page_views that end more than `keepDays` days ago and whose
 * days are all rolled up (their figures live on in page_view_rollups), and deletes such rows
 * from the default partition. Returns how many months it dropped.
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
  if (through !== null) {
    // Whole months only, as the partitions: what a month partition would still hold stays.
    const before = monthStart(Number(keepFrom.slice(0, 4)), Number(keepFrom.slice(5, 7)) - 1);
    const cutoff = Date.parse(through) < Date.parse(before) ? through : `${before}T00:00:00Z`;
    await runSql(
      em,
      sql`delete from ${sql.table(DEFAULT_PARTITION)} where viewed_at < ${cutoff}::timestamptz`,
    );
  }
  return dropped;
}
