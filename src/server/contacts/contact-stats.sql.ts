import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TLeadSource } from '../../shared/analytics.schema';
import type { ReportPeriod } from '../../shared/report-period';
import { typedSql } from '../db/typed-sql';
import { ContactDailyDelta } from './contact-daily.entity';

/**
 * New contacts per day of the period (the company's days), oldest first, days without any as 0.
 * Read from the maintained daily roll-up (contact-daily.entity.ts), not from the contacts.
 */
export async function contactsPerDay(
  em: EntityManager,
  { firstDay, days }: ReportPeriod,
): Promise<{ date: string; count: number }[]> {
  // The period's days as a series, so days without deltas count 0.
  const series = sql<{ day: string }>`(select ${firstDay}::date + g as day
    from generate_series(0, ${days}::int - 1) as g)`;
  const rows = await typedSql(em, [ContactDailyDelta])
    .selectFrom(series.as('d'))
    .leftJoin('contact_daily_deltas as r', 'r.day', 'd.day')
    .select(({ fn }) => [
      fn<string>('to_char', ['d.day', sql.lit('YYYY-MM-DD')]).as('day'),
      fn.coalesce(fn.sum('r.delta'), sql.lit(0)).as('count'),
    ])
    .groupBy('d.day')
    .orderBy('d.day')
    .execute();
  return rows.map((r) => ({ date: r.day, count: Number(r.count) }));
}

/** Leads created in the period by source and UTM campaign, most first, from the daily roll-up. */
export async function leadsBySource(
  em: EntityManager,
  { firstDay }: ReportPeriod,
): Promise<TLeadSource[]> {
  const rows = await typedSql(em, [ContactDailyDelta])
    .selectFrom('contact_daily_deltas')
    .select(({ fn }) => ['source', 'utm_campaign as utmCampaign', fn.sum('delta').as('count')])
    .where('day', '>=', firstDay)
    .groupBy(['source', 'utm_campaign'])
    .having(({ fn }) => fn.sum('delta'), '>', 0)
    .orderBy(({ fn }) => fn.sum('delta'), 'desc')
    .orderBy('source')
    .orderBy('utm_campaign', (o) => o.nullsFirst())
    .limit(50)
    .execute();
  return rows.map((r) => ({
    source: r.source,
    utmCampaign: r.utmCampaign,
    count: Number(r.count),
  }));
}

/** Folds the daily roll-up's delta rows into one per (day, source, campaign); see compactContactCounts. */
export async function compactContactDaily(em: EntityManager): Promise<void> {
  await typedSql(em, [ContactDailyDelta])
    .with('folded', (db) =>
      db.deleteFrom('contact_daily_deltas').returning(['day', 'source', 'utm_campaign', 'delta']),
    )
    .insertInto('contact_daily_deltas')
    .columns(['day', 'source', 'utm_campaign', 'delta'])
    .expression((db) =>
      db
        .selectFrom('folded')
        .select(({ fn }) => ['day', 'source', 'utm_campaign', fn.sum<number>('delta').as('delta')])
        .groupBy(['day', 'source', 'utm_campaign'])
        .having(({ fn }) => fn.sum('delta'), '<>', 0),
    )
    .execute();
}
