import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLeadSource } from '../../shared/analytics.schema';

/** The first UTC day of the last `days` days (today included), as SQL. */
const SINCE = `(now() at time zone 'utc')::date - (?::int - 1)`;

/**
 * New contacts per UTC day over the last `days` days, oldest first, days without any as 0.
 * Read from the maintained daily roll-up (contact-daily.entity.ts), not from the contacts.
 */
export async function contactsPerDay(
  em: EntityManager,
  days: number,
): Promise<{ date: string; count: number }[]> {
  const rows = await em.execute<{ day: string; count: string }[]>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(r.delta), 0) as count
       from (select ${SINCE} + g as day from generate_series(0, ?::int - 1) as g) as d
       left join contact_daily_deltas r on r.day = d.day
      group by d.day order by d.day`,
    [days, days],
  );
  return rows.map((r) => ({ date: r.day, count: Number(r.count) }));
}

/**
 * Leads created in the last `days` UTC days (today included) by source and UTM campaign, most
 * first, from the daily roll-up.
 */
export async function leadsBySource(em: EntityManager, days: number): Promise<TLeadSource[]> {
  const rows = await em.execute<{ source: string; utmCampaign: string | null; count: string }[]>(
    `select source, utm_campaign as "utmCampaign", sum(delta) as count
       from contact_daily_deltas where day >= ${SINCE}
      group by source, utm_campaign having sum(delta) > 0
      order by sum(delta) desc, source, utm_campaign nulls first
      limit 50`,
    [days],
  );
  return rows.map((r) => ({
    source: r.source,
    utmCampaign: r.utmCampaign,
    count: Number(r.count),
  }));
}

/** Folds the daily roll-up's delta rows into one per (day, source, campaign); see compactContactCounts. */
export async function compactContactDaily(em: EntityManager): Promise<void> {
  await em.execute(
    `with folded as (delete from contact_daily_deltas returning day, source, utm_campaign, delta)
     insert into contact_daily_deltas (day, source, utm_campaign, delta)
     select day, source, utm_campaign, sum(delta) from folded
      group by day, source, utm_campaign having sum(delta) <> 0`,
  );
}
