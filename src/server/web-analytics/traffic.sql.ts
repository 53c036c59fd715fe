import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  FOLDED_KEY,
  MIN_NETWORKS_LISTED,
  TRAFFIC_LIST_ROWS,
} from '../../shared/web-analytics.schema';
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
 * (summed per day), and per kind one more row (`other`, its keys null) summing the rest: how
 * many keys, their visitors and page views. A key is listed only once seen from
 * MIN_NETWORKS_LISTED networks (summed per day), so one network cannot choose what tops a list;
 * a value folded at storage (FOLDED_KEY) is never listed. Page views without a referrer or a
 * campaign are not listed. At most 4 x (TRAFFIC_LIST_ROWS + 1) rows, whatever the period holds.
 */
export const topKeys = (em: EntityManager, { from, to, through }: FactsPeriod) =>
  runSql(
    em,
    sql<{
      kind: string;
      key1: string | null;
      key2: string | null;
      key3: string | null;
      visitors: string;
      pageviews: string;
      keys: string;
    }>`with keyed as (
         select kind, key1, key2, key3, sum(visitors) as visitors, sum(pageviews) as pageviews,
                kind = 'device' or (sum(networks) >= ${MIN_NETWORKS_LISTED}
                                    and ${FOLDED_KEY} not in (key1, key2, key3)) as listable
           from ${trafficFacts(from, to, through)} as f
          where kind in ('page', 'referrer', 'campaign', 'device')
            and not (kind in ('referrer', 'campaign') and key1 = '' and key2 = '' and key3 = '')
          group by kind, key1, key2, key3),
       ranked as (
         select *, listable and row_number() over (
                     partition by kind
                     order by listable desc, visitors desc, pageviews desc, key1, key2, key3)
                   <= ${TRAFFIC_LIST_ROWS} as listed
           from keyed)
       select kind, key1, key2, key3, visitors, pageviews, 1 as keys from ranked where listed
       union all
       select kind, null, null, null, sum(visitors), sum(pageviews), count(*) from ranked
        where not listed group by kind
       order by kind, visitors desc, pageviews desc, key1, key2, key3`,
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
