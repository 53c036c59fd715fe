import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TSpeedToLead } from '../../shared/analytics.schema';
import type { ReportPeriod } from '../../shared/report-period';
import { runSql } from '../db/typed-sql';

/**
 * How fast leads created in the period were answered: minutes from submission to the first
 * status change away from `new` (firstRespondedAt), over the leads answered so far.
 * "Within 1 business hour" counts business time only, Monday to Friday 09:00-17:00 in the
 * company's time zone (as the period's days): a lead at 16:30 on Friday answered at 09:20 on
 * Monday took 50 business minutes. Opening and closing are wall-clock times, so a day that
 * changes to or from summer time still opens at 09:00.
 */
export async function speedToLead(
  em: EntityManager,
  { start, timeZone: zone }: ReportPeriod,
): Promise<TSpeedToLead> {
  // Business minutes are a correlated series of the lead's local days (timestamps without a zone,
  // so 09:00 there is turned into an instant): SQL text, values bound.
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
              (select coalesce(sum(extract(epoch from least(first_responded_at, closes) - greatest(created_at, opens))), 0) / 60
                 from generate_series(date_trunc('day', created_at at time zone ${zone}),
                                      date_trunc('day', first_responded_at at time zone ${zone}),
                                      interval '1 day') as g(day),
                      lateral (select (g.day + interval '9 hours') at time zone ${zone} as opens,
                                      (g.day + interval '17 hours') at time zone ${zone} as closes) as hours
                where extract(isodow from g.day) < 6
                  and least(first_responded_at, closes) > greatest(created_at, opens)
              ) as business_minutes
         from contacts
        where first_responded_at is not null and created_at >= ${start.toISOString()}::timestamptz)
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
