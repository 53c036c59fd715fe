// How a batch of page views is stored within each day's bounds, so an anonymous flood costs
// bounded storage: at most `views` page views a UTC day (the rest dropped), at most `keys`
// distinct values of each kind a day (further values stored as FOLDED_KEY), and at most
// VISITORS_PER_NETWORK visitors a network a day (its further browsers are one more visitor).
// One transaction per batch; the day's row lock orders the instances' batches of that day.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  FOLDED_KEY,
  PAGE_VIEW_KEY_KINDS,
  VISITORS_PER_NETWORK,
  type TPageViewCap,
  type TPageViewKeyKind,
} from '../../shared/web-analytics.schema';
import { runSql } from '../db/typed-sql';
import { insertPageViews, type PageViewRow } from './visitors.sql';

export interface PageViewCaps {
  /** Page views stored per UTC day. */
  views: number;
  /** Distinct values of each kind per UTC day. */
  keys: number;
}

/** The page view's field each capped kind reads. */
const FIELD_OF = {
  path: 'path',
  referrer: 'referrerHost',
  source: 'utmSource',
  medium: 'utmMedium',
  campaign: 'utmCampaign',
  term: 'utmTerm',
  content: 'utmContent',
} as const satisfies Record<TPageViewKeyKind, keyof PageViewRow>;

/** What a batch came to: stored, dropped past the day's cap, values and visitors folded. */
export interface IntakeResult {
  stored: number;
  dropped: number;
  folded: number;
}

const dayOf = (row: PageViewRow) => row.viewedAt.toISOString().slice(0, 10);
const joinKey = (...parts: string[]) => parts.join('\0');

/**
 * The visitor a network's browsers count as once it has VISITORS_PER_NETWORK: one per network and
 * day ('+' is not in a visitor key's base64url alphabet, so it is no one else's).
 */
export const overflowVisitor = (network: string) => `+${network}`;

/**
 * The (day, a, b) triples already admitted, and those admitted now up to `cap` per (day, a); the
 * rest are refused. `table` has the primary key (day, <a>, <b>).
 */
async function admit(
  em: EntityManager,
  table: 'page_view_day_keys' | 'page_view_day_visitors',
  [a, b]: readonly [string, string],
  wanted: { day: string; a: string; b: string }[],
  cap: number,
): Promise<Set<string>> {
  if (!wanted.length) return new Set();
  const [colA, colB] = [sql.ref(a), sql.ref(b)];
  const rows = await runSql(
    em,
    sql<{ day: string; a: string; b: string }>`
      with wanted as (
        select distinct * from unnest(${wanted.map((w) => w.day)}::date[],
                                      ${wanted.map((w) => w.a)}::text[],
                                      ${wanted.map((w) => w.b)}::text[]) as w(day, a, b)),
      known as (
        select w.* from wanted w join ${sql.table(table)} t
            on t.day = w.day and t.${colA} = w.a and t.${colB} = w.b),
      held as (
        select t.day, t.${colA} as a, count(*)::int as n from ${sql.table(table)} t
         where (t.day, t.${colA}) in (select distinct day, a from wanted) group by 1, 2),
      fresh as (
        select w.*, row_number() over (partition by w.day, w.a order by w.b) as rank
          from wanted w
         where not exists (select 1 from known k where k.day = w.day and k.a = w.a and k.b = w.b)),
      taken as (
        insert into ${sql.table(table)} (day, ${colA}, ${colB})
        select f.day, f.a, f.b from fresh f
          left join held h on h.day = f.day and h.a = f.a
         where coalesce(h.n, 0) + f.rank <= ${cap}
        on conflict do nothing
        returning day, ${colA} as a, ${colB} as b)
      select day::text as day, a, b from known
      union all select day::text, a, b from taken`,
  );
  return new Set(rows.map((r) => joinKey(r.day, r.a, r.b)));
}

/**
 * Stores `rows` within their days' caps (see above) and records each day's count, drops and the
 * caps it reached. Returns what happened to the batch.
 */
export async function storePageViews(
  em: EntityManager,
  rows: PageViewRow[],
  caps: PageViewCaps,
): Promise<IntakeResult> {
  if (!rows.length) return { stored: 0, dropped: 0, folded: 0 };
  return em.transactional(async (tem) => {
    const t = tem as EntityManager;
    const days = [...new Set(rows.map(dayOf))].sort();
    await runSql(
      t,
      sql`insert into page_view_days (day) select unnest(${days}::date[]) on conflict do nothing`,
    );
    const budgets = await runSql(
      t,
      sql<{ day: string; views: number }>`select day::text as day, views from page_view_days
                                           where day = any(${days}::date[]) order by day for update`,
    );
    const left = new Map(budgets.map((b) => [b.day, Math.max(0, caps.views - b.views)]));
    const reached = new Map<string, Set<TPageViewCap>>(days.map((d) => [d, new Set()]));
    const kept: PageViewRow[] = [];
    const droppedOn = new Map<string, number>();
    for (const row of rows) {
      const day = dayOf(row);
      const room = left.get(day) ?? 0;
      if (room > 0) {
        left.set(day, room - 1);
        kept.push({ ...row });
      } else {
        droppedOn.set(day, (droppedOn.get(day) ?? 0) + 1);
        reached.get(day)!.add('views');
      }
    }

    let folded = 0;
    const values = kept.flatMap((row) =>
      PAGE_VIEW_KEY_KINDS.flatMap((kind) => {
        const value = row[FIELD_OF[kind]];
        return value === null || value === FOLDED_KEY
          ? []
          : [{ day: dayOf(row), a: kind, b: value }];
      }),
    );
    const keys = await admit(t, 'page_view_day_keys', ['kind', 'key'], values, caps.keys);
    for (const row of kept)
      for (const kind of PAGE_VIEW_KEY_KINDS) {
        const field = FIELD_OF[kind];
        const value = row[field];
        if (value === null || value === FOLDED_KEY || keys.has(joinKey(dayOf(row), kind, value)))
          continue;
        row[field] = FOLDED_KEY;
        reached.get(dayOf(row))!.add(kind);
        folded++;
      }

    const pairs = kept.map((row) => ({ day: dayOf(row), a: row.network, b: row.visitor }));
    const visitors = await admit(
      t,
      'page_view_day_visitors',
      ['network', 'visitor'],
      pairs,
      VISITORS_PER_NETWORK,
    );
    for (const row of kept)
      if (!visitors.has(joinKey(dayOf(row), row.network, row.visitor))) {
        row.visitor = overflowVisitor(row.network);
        reached.get(dayOf(row))!.add('networkVisitors');
        folded++;
      }

    await insertPageViews(t, kept);
    const storedOn = new Map<string, number>();
    for (const row of kept) storedOn.set(dayOf(row), (storedOn.get(dayOf(row)) ?? 0) + 1);
    await runSql(
      t,
      sql`update page_view_days d
             set views = d.views + u.stored, dropped = d.dropped + u.dropped,
                 capped = array(select distinct c from unnest(d.capped || u.capped) as c order by c)
            from (select day, stored, dropped, string_to_array(capped, ',') as capped
                    from unnest(${days}::date[], ${days.map((d) => storedOn.get(d) ?? 0)}::int[],
                                ${days.map((d) => droppedOn.get(d) ?? 0)}::int[],
                                ${days.map((d) => [...reached.get(d)!].join(','))}::text[])
                      as u(day, stored, dropped, capped)) u
           where d.day = u.day`,
    );
    return { stored: kept.length, dropped: rows.length - kept.length, folded };
  });
}

/** Deletes the days' distinct values and network visitors before yesterday (only today's grow). */
export async function forgetOldDayKeys(em: EntityManager, now: Date): Promise<number> {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const keys = await runSql(
    em,
    sql`delete from page_view_day_keys where day < ${yesterday}::date returning 1`,
  );
  const visitors = await runSql(
    em,
    sql`delete from page_view_day_visitors where day < ${yesterday}::date returning 1`,
  );
  return keys.length + visitors.length;
}

/** A day's page-view budget as the Security Center shows it (null: no page view that day). */
export async function pageViewDay(
  em: EntityManager,
  day: string,
): Promise<{ views: number; dropped: number; capped: TPageViewCap[] } | null> {
  const [row] = await runSql(
    em,
    sql<{ views: number; dropped: number; capped: TPageViewCap[] }>`
      select views, dropped, capped from page_view_days where day = ${day}::date`,
  );
  return row ?? null;
}
