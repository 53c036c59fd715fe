import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  FOLDED_KEY,
  FUNNEL_ROWS,
  MIN_NETWORKS_LISTED,
  type TFunnelGroup,
} from '../../shared/web-analytics.schema';
import { addDays } from '../../shared/time-zone';
import { runSql } from '../db/typed-sql';
import { onOneSnapshot, trafficFacts } from './page-view-rollups.sql';

/** Which key of the `entry` facts each grouping reads. */
const ENTRY_KEY = {
  source: sql.ref('key1'),
  campaign: sql.ref('key2'),
  landingPage: sql.ref('key3'),
};

/**
 * A website lead's key as a visitor's: source is utm_source, else the referrer's host (older
 * leads kept the whole URL), else direct; campaign is utm_campaign or (none); the landing page is
 * its path.
 */
export const LEAD_KEY = {
  source: sql`coalesce(nullif(utm_source, ''),
                       nullif(lower(regexp_replace(coalesce(referrer, ''), '^[a-z]+://([^/:?#]+).*$', '\\1')), ''),
                       'direct')`,
  campaign: sql`coalesce(nullif(utm_campaign, ''), '(none)')`,
  landingPage: sql`coalesce(nullif(split_part(landing_page, '?', 1), ''), '(unknown)')`,
};

/**
 * Website leads created in [from, to] (UTC days) by their first touch: how many, how many of
 * them booked a call, how many are customers (converted) now, and how many did both.
 */
const leadsByEntry = (from: string, to: string, by: TFunnelGroup) =>
  sql`select key, count(*) as leads, count(*) filter (where booked) as booked,
             count(*) filter (where converted) as customers,
             count(*) filter (where booked and converted) as booked_customers
        from (select ${LEAD_KEY[by]} as key, c.status = 'converted' as converted,
                     exists (select 1 from bookings b where b.contact_id = c.id) as booked
        from contacts c
       where c.source = 'website'
         and c.created_at >= ${`${from}T00:00:00Z`}::timestamptz
         and c.created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz) as lead
       group by 1`;

/** One funnel row's counts; `key` null is the row that sums the keys not listed. */
export interface FunnelCounts {
  key: string | null;
  visitors: string;
  leads: string;
  booked: string;
  customers: string;
  bookedCustomers: string;
  /** How many keys the row sums (1 for a listed key). */
  keys: string;
}

/**
 * Visitors of [from, to] (per day) by where their visit began, joined to the website leads of the
 * period by the same first-touch key: the top FUNNEL_ROWS keys by visitors then leads, and one
 * row (key null) summing the rest. A key is listed once seen from MIN_NETWORKS_LISTED networks
 * or with a lead of its own; a value folded at storage never is. At most FUNNEL_ROWS + 1 rows,
 * whatever the period holds.
 */
export const funnelRows = (em: EntityManager, from: string, to: string, by: TFunnelGroup) =>
  onOneSnapshot(em, (tem, through) =>
    runSql(
      tem,
      sql<FunnelCounts>`
        with visits as (
          select ${ENTRY_KEY[by]} as key, sum(visitors) as visitors, sum(networks) as networks
            from ${trafficFacts(from, to, through)} as f where kind = 'entry' group by 1),
        leads as (${leadsByEntry(from, to, by)}),
        joined as (
          select coalesce(v.key, l.key) as key, coalesce(v.visitors, 0) as visitors,
                 coalesce(l.leads, 0) as leads, coalesce(l.booked, 0) as booked,
                 coalesce(l.customers, 0) as customers,
                 coalesce(l.booked_customers, 0) as booked_customers,
                 coalesce(v.key, l.key) <> ${FOLDED_KEY}
                   and (coalesce(v.networks, 0) >= ${MIN_NETWORKS_LISTED} or coalesce(l.leads, 0) > 0)
                   as listable
            from visits v full join leads l on l.key = v.key),
        ranked as (
          select *, listable and row_number() over (
                      order by listable desc, visitors desc, leads desc, key) <= ${FUNNEL_ROWS} as listed
            from joined)
        select case when listed then key end as key, sum(visitors) as visitors,
               sum(leads) as leads, sum(booked) as booked, sum(customers) as customers,
               sum(booked_customers) as "bookedCustomers", count(*) as keys
          from ranked group by 1`,
    ),
  );

/** The first day any page view can have: campaigns count from their first visitor. */
const EVER = '2000-01-01';

/**
 * Each campaign code's funnel over all time (codes compared in lower case): visitors whose day
 * began on a link carrying it, the leads carrying it, those of them with a booked call, and the
 * customers among them. Codes without any are left out.
 */
export async function campaignFunnels(
  em: EntityManager,
  codes: string[],
): Promise<
  Map<string, { visitors: number; leads: number; bookedCalls: number; customers: number }>
> {
  const funnels = new Map<
    string,
    { visitors: number; leads: number; bookedCalls: number; customers: number }
  >();
  if (!codes.length) return funnels;
  const lower = codes.map((c) => c.toLowerCase());
  const today = new Date().toISOString().slice(0, 10);
  const [visits, leads] = await Promise.all([
    onOneSnapshot(em, (tem, through) =>
      runSql(
        tem,
        sql<{ code: string; visitors: string }>`
          select lower(key2) as code, sum(visitors) as visitors
            from ${trafficFacts(EVER, today, through)} as f
           where kind = 'entry' and lower(key2) = any(${lower}::text[]) group by 1`,
      ),
    ),
    runSql(
      em,
      sql<{ code: string; leads: string; booked: string; customers: string }>`
        select lower(utm_campaign) as code, count(*) as leads,
               count(*) filter (where exists (select 1 from bookings b where b.contact_id = c.id)) as booked,
               count(*) filter (where c.status = 'converted') as customers
          from contacts c where lower(utm_campaign) = any(${lower}::text[]) group by 1`,
    ),
  ]);
  const of = (code: string) =>
    funnels.get(code) ??
    funnels.set(code, { visitors: 0, leads: 0, bookedCalls: 0, customers: 0 }).get(code)!;
  for (const v of visits) of(v.code).visitors = Number(v.visitors);
  for (const l of leads)
    Object.assign(of(l.code), {
      leads: Number(l.leads),
      bookedCalls: Number(l.booked),
      customers: Number(l.customers),
    });
  return funnels;
}
