import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { TRAFFIC_LIST_ROWS } from '../../shared/web-analytics.schema';
import { runSql } from '../db/typed-sql';
import { trafficFacts } from './page-view-rollups.sql';

/** A period of UTC days and where the roll-ups end (rolledThrough). */
export interface FactsPeriod {
  from: string;
  to: string;
  through: string | null;
}

/** Visitors and page views per UTC day of [from, to] that had any. */
export const dailyTotals = (em: EntityManager, { from, to, through }: FactsPeriod) =>
  runSql(
    em,
    sql<{ day: string; visitors: string; pageviews: string }>`
      select day::text as day, sum(visitors) as visitors, sum(pageviews) as pageviews
        from ${trafficFacts(from, to, through)} as f where kind = 'total' group by day`,
  );

/**
 * The top TRAFFIC_LIST_ROWS pages, referrers, campaigns and devices of [from, to] by visitors
 * (summed per day); page views without a referrer or a campaign are not listed.
 */
export const topKeys = (em: EntityManager, { from, to, through }: FactsPeriod) =>
  runSql(
    em,
    sql<{
      kind: string;
      key1: string;
      key2: string;
      key3: string;
      visitors: string;
      pageviews: string;
    }>`select kind, key1, key2, key3, visitors, pageviews from (
         select kind, key1, key2, key3, sum(visitors) as visitors, sum(pageviews) as pageviews,
                row_number() over (partition by kind order by sum(visitors) desc, sum(pageviews) desc, key1, key2, key3) as rank
           from ${trafficFacts(from, to, through)} as f
          where kind in ('page', 'referrer', 'campaign', 'device') and not (kind in ('referrer', 'campaign') and key1 = '' and key2 = '' and key3 = '')
          group by kind, key1, key2, key3) ranked
        where rank <= ${TRAFFIC_LIST_ROWS} order by kind, rank`,
  );

/** Distinct visitors of the last 5 minutes (the rows the viewed_at index finds). */
export async function liveVisitors(em: EntityManager): Promise<number> {
  const [row] = await runSql(
    em,
    sql<{ n: string }>`select count(distinct visitor) as n from page_views
                        where viewed_at > now() - interval '5 minutes'`,
  );
  return Number(row?.n ?? 0);
}
