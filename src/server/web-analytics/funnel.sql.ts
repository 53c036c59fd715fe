import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TFunnelGroup } from '../../shared/web-analytics.schema';
import { addDays } from '../../shared/time-zone';
import { runSql } from '../db/typed-sql';
import { trafficFacts } from './page-view-rollups.sql';

/** Which key of the `entry` facts each grouping reads. */
const ENTRY_KEY = {
  source: sql.ref('key1'),
  campaign: sql.ref('key2'),
  landingPage: sql.ref('key3'),
};

/** Visitors of [from, to] (per day) by where their visit began. */
export const visitorsByEntry = (em: EntityManager, from: string, to: string, by: TFunnelGroup) =>
  runSql(
    em,
    sql<{ key: string; visitors: string }>`
      select ${ENTRY_KEY[by]} as key, sum(visitors) as visitors
        from ${trafficFacts(from, to)} as f where kind = 'entry' group by 1`,
  );

/**
 * A website lead's key as a visitor's: source is utm_source, else the referrer's host (older
 * leads kept the whole URL), else direct; campaign is utm_campaign or (none); the landing page is
 * its path.
 */
const LEAD_KEY = {
  source: sql`coalesce(nullif(utm_source, ''),
                       nullif(lower(regexp_replace(coalesce(referrer, ''), '^[a-z]+://([^/:?#]+).*$', '\\1')), ''),
                       'direct')`,
  campaign: sql`coalesce(nullif(utm_campaign, ''), '(none)')`,
  landingPage: sql`coalesce(nullif(split_part(landing_page, '?', 1), ''), '(unknown)')`,
};

/**
 * Website leads created in [from, to] (UTC days) by their first touch: how many, how many of
 * them booked a call, and how many are customers (converted) now.
 */
export const leadsByEntry = (em: EntityManager, from: string, to: string, by: TFunnelGroup) =>
  runSql(
    em,
    sql<{ key: string; leads: string; booked: string; customers: string }>`
      select ${LEAD_KEY[by]} as key, count(*) as leads,
             count(*) filter (where exists (select 1 from bookings b where b.contact_id = c.id)) as booked,
             count(*) filter (where c.status = 'converted') as customers
        from contacts c
       where c.source = 'website'
         and c.created_at >= ${`${from}T00:00:00Z`}::timestamptz
         and c.created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz
       group by 1`,
  );
