import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TSpeedToLead } from '../../shared/analytics.schema';
import { runSql } from '../db/typed-sql';

/**
 * How fast leads created in the last `days` days were answered: minutes from submission to the
 * first status change away from `new` (firstRespondedAt), over the leads answered so far.
 * "Within 1 business hour" counts business time only, Monday to Friday 09:00-17:00 UTC (one
 * time zone for everyone, as the day buckets of the analytics): a lead at 16:30 on Friday
 * answered at 09:20 on Monday took 50 business minutes.
 */
export async function speedToLead(em: EntityManager, days: number): Promise<TSpeedToLead> {
  // Business minutes are a correlated series per lead: SQL text, its one value bound in place.
  const [row] = await runSql(
    em,
    sql<{
      sample: string;
      median: number | null;
      p90: number | null;
      fast: string;
      business: string;
    }>`with answered as (
       select extract(epoch from first_responded_at - created_at) / 60 as minutes,
              (select coalesce(sum(extract(epoch from
                        least(first_responded_at, d + interval '17 hours') - greatest(created_at, d + interval '9 hours'))), 0) / 60
                 from generate_series(date_trunc('day', created_at at time zone 'utc'),
                                      date_trunc('day', first_responded_at at time zone 'utc'),
                                      interval '1 day') as g(day_utc),
                      lateral (select g.day_utc at time zone 'utc' as d) as day_start
                where extract(isodow from g.day_utc) < 6
                  and least(first_responded_at, d + interval '17 hours') > greatest(created_at, d + interval '9 hours')
              ) as business_minutes
         from contacts
        where first_responded_at is not null and created_at >= now() - make_interval(days => ${days}))
     select count(*) as sample,
            percentile_cont(0.5) within group (order by minutes) as median,
            percentile_cont(0.9) within group (order by minutes) as p90,
            count(*) filter (where minutes <= 5) as fast,
            count(*) filter (where business_minutes <= 60) as business
       from answered`,
  );
  const sample = Number(row?.sample ?? 0);
  const pct = (n: string | undefined) => (sample ? Math.round((Number(n) / sample) * 100) : 0);
  const minutes = (v: number | null | undefined) =>
    v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;
  return {
    medianMinutes: minutes(row?.median),
    p90Minutes: minutes(row?.p90),
    within5MinutesPct: pct(row?.fast),
    within1BusinessHourPct: pct(row?.business),
    sample,
  };
}
