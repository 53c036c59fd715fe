import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLeadSource } from '../../shared/analytics.schema';

/**
 * Midnight UTC starting the analytics period: the last `days` UTC days, today included. Every
 * figure of a period counts from here (the leads' roll-up by day, the booked calls).
 */
export function periodStart(now: Date, days: number): Date {
  const start = new Date(now);
  start.setUTCHours(0, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start;
}

/** The first UTC day of the period (YYYY-MM-DD), as the daily roll-up names its days. */
const firstDayOf = (days: number) => periodStart(new Date(), days).toISOString().slice(0, 10);

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
       from (select ?::date + g as day from generate_series(0, ?::int - 1) as g) as d
       left join contact_daily_deltas r on r.day = d.day
      group by d.day order by d.day`,
    [firstDayOf(days), days],
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
       from contact_daily_deltas where day >= ?::date
      group by source, utm_campaign having sum(delta) > 0
      order by sum(delta) desc, source, utm_campaign nulls first
      limit 50`,
    [firstDayOf(days)],
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
