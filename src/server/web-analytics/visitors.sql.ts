// The statements of first-party analytics: the days' salts, page views written in batches, a
// visitor's first page of the day.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';

/** The salt of a UTC day (YYYY-MM-DD), made by whichever instance asks first. */
export async function daySalt(em: EntityManager, day: string): Promise<Buffer> {
  await runSql(
    em,
    sql`insert into visitor_salts (day, salt) values (${day}, ${randomBytes(32)})
        on conflict (day) do nothing`,
  );
  const [row] = await runSql(
    em,
    sql<{ salt: Buffer }>`select salt from visitor_salts where day = ${day}`,
  );
  return row!.salt;
}

/** Deletes the salts of days before yesterday: a visitor's key can no longer be made again. */
export async function forgetOldSalts(em: EntityManager, now: Date): Promise<number> {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const rows = await runSql(
    em,
    sql<{ day: string }>`delete from visitor_salts where day < ${yesterday} returning day`,
  );
  return rows.length;
}

/** A page view as stored (page-view.entity.ts). */
export interface PageViewRow {
  viewedAt: Date;
  visitor: string;
  /** The keyed hash of the network it came from (visitor-key.service.ts). */
  network: string;
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  device: string;
}

/** One statement for a batch of page views (arrays unnested), whatever its size. */
export async function insertPageViews(em: EntityManager, rows: PageViewRow[]): Promise<void> {
  const column = <K extends keyof PageViewRow>(key: K) => rows.map((r) => r[key]);
  await runSql(
    em,
    sql`insert into page_views (viewed_at, day, visitor, network, path, referrer_host, utm_source,
                                utm_medium, utm_campaign, utm_term, utm_content, device)
        select at, (at at time zone 'utc')::date, visitor, network, path, referrer_host, utm_source,
               utm_medium, utm_campaign, utm_term, utm_content, device
          from unnest(${column('viewedAt').map((d) => d.toISOString())}::timestamptz[],
                      ${column('visitor')}::text[], ${column('network')}::text[],
                      ${column('path')}::text[],
                      ${column('referrerHost')}::text[], ${column('utmSource')}::text[],
                      ${column('utmMedium')}::text[], ${column('utmCampaign')}::text[],
                      ${column('utmTerm')}::text[], ${column('utmContent')}::text[],
                      ${column('device')}::text[])
            as v(at, visitor, network, path, referrer_host, utm_source, utm_medium, utm_campaign,
                 utm_term, utm_content, device)`,
  );
}

type FirstPageView = Omit<PageViewRow, 'viewedAt' | 'visitor' | 'network' | 'device'>;

/** The first page a visitor viewed in [from, to), with where they came from, if any. */
export async function firstPageView(
  em: EntityManager,
  visitor: string,
  from: Date,
  to: Date,
): Promise<FirstPageView | undefined> {
  const [row] = await runSql(
    em,
    sql<FirstPageView>`select path, referrer_host as "referrerHost", utm_source as "utmSource",
              utm_medium as "utmMedium", utm_campaign as "utmCampaign", utm_term as "utmTerm",
              utm_content as "utmContent"
         from page_views
        where visitor = ${visitor} and viewed_at >= ${from.toISOString()}::timestamptz
          and viewed_at < ${to.toISOString()}::timestamptz
        order by viewed_at limit 1`,
  );
  return row;
}
