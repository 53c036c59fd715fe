// Page views summed per UTC day: a closed day is rolled up once (page-view-rollup.entity.ts); the
// traffic figures read roll-ups for rolled days and the raw rows, summed the same way, for the
// others (today, or a day the maintenance has not reached yet).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { addDays } from '../../shared/time-zone';
import { runSql } from '../db/typed-sql';

/** How many closed days one maintenance run rolls up (a fresh install catches up over runs). */
const DAYS_PER_RUN = 7;

const nextDay = (day: string) => addDays(day, 1);

/**
 * The raw page views of the UTC days [from, to] (none already rolled up when `unrolledOnly`)
 * summed as roll-up rows: each day whole, by page, referrer, campaign and device, and by where
 * visits began (`entry`). Visitors are distinct per day (a visitor key lives one day).
 */
export function rawFacts(from: string, to: string, unrolledOnly: boolean): RawBuilder<unknown> {
  // Days are rolled up in order, so the unrolled ones are those after the last rolled one: a
  // range the day index reads, not a scan of the period testing each row.
  const unrolled = unrolledOnly
    ? sql`and day > coalesce((select max(day) from page_view_rolled_days), date '0001-01-01')`
    : sql``;
  const period = sql`viewed_at >= ${`${from}T00:00:00Z`}::timestamptz
     and viewed_at < ${`${nextDay(to)}T00:00:00Z`}::timestamptz ${unrolled}`;
  return sql`select day,
      case when grouping(path) = 0 then 'page' when grouping(referrer_host) = 0 then 'referrer'
           when grouping(utm_source) = 0 then 'campaign' when grouping(device) = 0 then 'device'
           else 'total' end as kind,
      coalesce(case when grouping(path) = 0 then path
                    when grouping(referrer_host) = 0 then referrer_host
                    when grouping(utm_source) = 0 then utm_source
                    when grouping(device) = 0 then device end, '') as key1,
      coalesce(case when grouping(utm_medium) = 0 then utm_medium end, '') as key2,
      coalesce(case when grouping(utm_campaign) = 0 then utm_campaign end, '') as key3,
      count(distinct visitor)::int as visitors, count(*)::int as pageviews
    from page_views where ${period}
   group by grouping sets ((day), (day, path), (day, referrer_host),
                           (day, utm_source, utm_medium, utm_campaign), (day, device))
   union all
   -- Each visitor's first page view of the day: where their visit came from and began.
   select day, 'entry', source, campaign, path, count(*)::int, 0
     from (select distinct on (day, visitor) day, path,
                  coalesce(utm_source, referrer_host, 'direct') as source,
                  coalesce(utm_campaign, '(none)') as campaign
             from page_views where ${period}
            order by day, visitor, viewed_at) as firsts
    group by day, source, campaign, path`;
}

/** Every fact of [from, to]: roll-ups of rolled days, raw sums of the rest. */
export function trafficFacts(from: string, to: string): RawBuilder<unknown> {
  return sql`(select day, kind::text, key1, key2, key3, visitors, pageviews
                from page_view_rollups where day between ${from}::date and ${to}::date
              union all ${rawFacts(from, to, true)})`;
}

/**
 * Rolls up closed UTC days not rolled yet, oldest first, up to DAYS_PER_RUN per run: each day's
 * rows and its mark in one transaction. Returns the days rolled.
 */
export async function rollUpClosedDays(em: EntityManager, now: Date): Promise<number> {
  const yesterday = addDays(now.toISOString().slice(0, 10), -1);
  const [start] = await runSql(
    em,
    sql<{ day: string | null }>`select coalesce(
        (select (max(day) + 1)::text from page_view_rolled_days),
        (select min(day)::text from page_views)) as day`,
  );
  let rolled = 0;
  for (let day = start?.day ?? null; day && day <= yesterday && rolled < DAYS_PER_RUN; rolled++) {
    const current = day;
    await em.transactional(async (tem) => {
      await runSql(
        tem,
        sql`insert into page_view_rollups (day, kind, key1, key2, key3, visitors, pageviews)
            select * from (${rawFacts(current, current, false)}) as facts`,
      );
      await runSql(tem, sql`insert into page_view_rolled_days (day) values (${current})`);
    });
    day = nextDay(current);
  }
  return rolled;
}
