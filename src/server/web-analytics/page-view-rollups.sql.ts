// Page views summed per UTC day (page-view-rollup.entity.ts). The maintenance rolls up each day
// in order: a closed day once and for good, today again on every run up to a minute ago. A read
// takes the roll-ups of the period and sums only the raw page views after the last roll-up
// (`rolledThrough`): minutes of rows, however many months the period spans.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { addDays } from '../../shared/time-zone';
import { DEFAULT_DAILY_KEY_CAP, FOLDED_KEY } from '../../shared/web-analytics.schema';
import { runSql } from '../db/typed-sql';
import { RetryLaterError } from '../errors';

/** How many days one maintenance run rolls up (a fresh install catches up over runs). */
const DAYS_PER_RUN = 7;
/**
 * How far behind now a roll-up stops: a page view waits up to 500 ms in an instance's buffer and
 * instances' clocks differ a little, so a roll-up never counts a minute still being written.
 */
const SETTLE_MS = 60_000;

const dayStart = (day: string) => `${day}T00:00:00Z`;

/**
 * The distinct networks of a group of page views (a page view stored before networks were counts
 * its visitor as its network).
 */
const NETWORKS = sql`count(distinct coalesce(network, visitor))::int`;
const dayEnd = (day: string) => dayStart(addDays(day, 1));

/**
 * The raw page views of [since, until) summed as roll-up rows: each day whole, by page,
 * referrer, campaign and device, and by where visits began (`entry`). Visitors and networks are
 * distinct per day (a visitor key lives one day).
 */
export function rawFacts(since: string, until: string): RawBuilder<unknown> {
  const period = sql`viewed_at >= ${since}::timestamptz and viewed_at < ${until}::timestamptz`;
  return sql`select day,
      case when grouping(path) = 0 then 'page' when grouping(referrer_host) = 0 then 'referrer'
           when grouping(utm_source) = 0 then 'campaign' when grouping(device) = 0 then 'device'
           else 'total' end as kind,
      coalesce(case when grouping(path) = 0 then path
                    when grouping(referrer_host) = 0 then referrer_host
                    when grouping(utm_source) = 0 then utm_source
                    when grouping(device) = 0 then device end, '') as key1,
      coalesce(case when grouping(utm_medium) = 0 then utm_medium end, '') as key2,
      coalesce(case when grouping(utm_campaign) = 0 then utm_campaign end, '') as key3,
      count(distinct visitor)::int as visitors, count(*)::int as pageviews,
      ${NETWORKS} as networks
    from page_views where ${period}
   group by grouping sets ((day), (day, path), (day, referrer_host),
                           (day, utm_source, utm_medium, utm_campaign), (day, device))
   union all
   -- Each visitor's first page view of the day: where their visit came from and began.
   select day, 'entry', source, campaign, path, count(*)::int, 0, ${NETWORKS}
     from (select distinct on (day, visitor) day, path, visitor, network,
                  coalesce(utm_source, referrer_host, 'direct') as source,
                  coalesce(utm_campaign, '(none)') as campaign
             from page_views where ${period}
            order by day, visitor, viewed_at, id) as firsts
    group by day, source, campaign, path`;
}

/**
 * The page views of [since, until) summed as roll-up rows that add to the roll-ups of the same
 * day: a visitor counts for a day, page, referrer, campaign or device only if none of their page
 * views of that day before `since` (already rolled up) did; an entry only if their day began here.
 * Networks are counted again (a network of both parts counts twice: at most two for one network
 * in a day, still short of the three a top list needs).
 */
function factsAfter(since: string, until: string): RawBuilder<unknown> {
  const counted = (seen: string) =>
    sql`(count(distinct visitor) filter (where not ${sql.ref(seen)}))::int`;
  return sql`select * from (
    with recent as (
      select d.id, d.day, d.visitor, d.network, d.viewed_at, d.path,
             coalesce(d.referrer_host, '') as referrer,
             coalesce(d.utm_source, '') as source, coalesce(d.utm_medium, '') as medium,
             coalesce(d.utm_campaign, '') as campaign, d.device,
             coalesce(d.utm_source, d.referrer_host, 'direct') as entry_source,
             coalesce(d.utm_campaign, '(none)') as entry_campaign, earlier.*
        from page_views d
        cross join lateral (
          select count(*) > 0 as day_seen,
                 coalesce(bool_or(e.path = d.path), false) as page_seen,
                 coalesce(bool_or(e.referrer_host is not distinct from d.referrer_host), false) as referrer_seen,
                 coalesce(bool_or((e.utm_source, e.utm_medium, e.utm_campaign)
                   is not distinct from (d.utm_source, d.utm_medium, d.utm_campaign)), false) as campaign_seen,
                 coalesce(bool_or(e.device = d.device), false) as device_seen
            from page_views e
           where e.visitor = d.visitor and e.viewed_at >= (d.day::timestamp at time zone 'utc')
             and e.viewed_at < ${since}::timestamptz) as earlier
       where d.viewed_at >= ${since}::timestamptz and d.viewed_at < ${until}::timestamptz)
    select day, 'total' as kind, '' as key1, '' as key2, '' as key3,
           ${counted('day_seen')} as visitors, count(*)::int as pageviews, ${NETWORKS} as networks
      from recent group by day
    union all select day, 'page', path, '', '', ${counted('page_seen')}, count(*)::int, ${NETWORKS}
      from recent group by day, path
    union all select day, 'referrer', referrer, '', '', ${counted('referrer_seen')}, count(*)::int,
                     ${NETWORKS}
      from recent group by day, referrer
    union all select day, 'campaign', source, medium, campaign, ${counted('campaign_seen')},
                     count(*)::int, ${NETWORKS}
      from recent group by day, source, medium, campaign
    union all select day, 'device', device, '', '', ${counted('device_seen')}, count(*)::int,
                     ${NETWORKS}
      from recent group by day, device
    union all select day, 'entry', entry_source, entry_campaign, path, count(*)::int, 0, ${NETWORKS}
      from (select distinct on (day, visitor) * from recent where not day_seen
             order by day, visitor, viewed_at, id) as firsts
     group by day, entry_source, entry_campaign, path) as after_rollups`;
}

/** Where the roll-ups end: every page view before this instant is in them (null: none yet). */
export async function rolledThrough(em: EntityManager): Promise<string | null> {
  const [row] = await runSql(
    em,
    sql<{ ms: number | null }>`select (extract(epoch from max(through)) * 1000)::float8 as ms
                                from page_view_rolled_days`,
  );
  return row?.ms == null ? null : new Date(row.ms).toISOString();
}

/**
 * How long each statement of an analytics read may run: past it the read answers 503 rather
 * than hold a database connection and the instance's memory (a flood of distinct values once
 * made a funnel read take 13 s and 108 MB).
 */
export const ANALYTICS_READ_BUDGET_MS = 3_000;

/** PostgreSQL's "canceling statement due to statement timeout". */
const timedOut = (error: unknown) => (error as { code?: string } | null)?.code === '57014';

/**
 * Runs `read` on one snapshot of the database, given where its roll-ups end (a roll-up committed
 * between reading `through` and reading the facts would otherwise count its minutes twice),
 * each statement within `budgetMs`.
 */
export async function onOneSnapshot<T>(
  em: EntityManager,
  read: (em: EntityManager, through: string | null) => Promise<T>,
  budgetMs = ANALYTICS_READ_BUDGET_MS,
): Promise<T> {
  try {
    return await em.transactional(
      async (tem) => {
        const t = tem as EntityManager;
        await runSql(t, sql`select set_config('statement_timeout', ${String(budgetMs)}, true)`);
        return read(t, await rolledThrough(t));
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  } catch (error) {
    if (!timedOut(error)) throw error;
    throw new RetryLaterError(
      'SERVICE_UNAVAILABLE',
      `These figures took longer than ${budgetMs / 1000} s to count; try again in a moment, or a shorter period`,
      5,
    );
  }
}

/**
 * Every fact of the UTC days [from, to]: the roll-ups, and the raw page views after `through`
 * (rolledThrough) summed so that they add to them.
 */
export function trafficFacts(
  from: string,
  to: string,
  through: string | null,
): RawBuilder<unknown> {
  const since =
    through && Date.parse(through) > Date.parse(dayStart(from)) ? through : dayStart(from);
  return sql`(select day, kind::text, key1, key2, key3, visitors, pageviews, networks
                from page_view_rollups where day between ${from}::date and ${to}::date
              union all ${factsAfter(since, dayEnd(to))})`;
}

/**
 * `facts` with, per day and kind, only the `keyCap` rows of most visitors kept apart and the
 * rest summed into one FOLDED_KEY row: a day's roll-up holds at most about five times `keyCap`
 * rows, whatever its page views held (the intake caps new days' values; this bounds a restore's
 * or an older release's). A folded row's visitors are summed, not distinct.
 */
function foldedFacts(facts: RawBuilder<unknown>, keyCap: number): RawBuilder<unknown> {
  const folded = (key: string) =>
    sql`case when kept or ${sql.ref(key)} = '' then ${sql.ref(key)} else ${FOLDED_KEY} end`;
  return sql`
    select day, kind, ${folded('key1')} as key1, ${folded('key2')} as key2,
           ${folded('key3')} as key3, sum(visitors)::int, sum(pageviews)::int, sum(networks)::int
      from (select f.*, kind in ('total', 'device') or row_number() over (
                     partition by day, kind
                     order by visitors desc, pageviews desc, key1, key2, key3) <= ${keyCap} as kept
              from (${facts}) as f) as ranked
     group by 1, 2, 3, 4, 5`;
}

/**
 * Rolls up the page views of each day not rolled up for good, oldest first, up to DAYS_PER_RUN
 * days a run: a closed day once, today up to SETTLE_MS ago (again on the next run). Past
 * `keyCap` keys of a kind in a day, the rarest are folded (foldedFacts). Each day's
 * rows and its mark are written in one transaction, and the mark's row lock keeps two instances
 * from writing the same day twice. Returns the closed days rolled up.
 */
export async function rollUpPageViews(
  em: EntityManager,
  now: Date,
  keyCap = DEFAULT_DAILY_KEY_CAP,
): Promise<number> {
  const settled = now.getTime() - SETTLE_MS;
  // The last marked day again while it is not rolled up whole (today), else the day after it;
  // with no mark yet, the first day any page view has.
  const [start] = await runSql(
    em,
    sql<{ day: string | null }>`select coalesce(
        (select (case when through < (day + 1)::timestamp at time zone 'utc' then day
                      else day + 1 end)::text
           from page_view_rolled_days order by day desc limit 1),
        (select min(day)::text from page_views)) as day`,
  );
  let day = start?.day ?? null;
  let closed = 0;
  for (let runs = 0; day && Date.parse(dayStart(day)) < settled && runs < DAYS_PER_RUN; runs++) {
    const current = day;
    const through = new Date(Math.min(Date.parse(dayEnd(current)), settled)).toISOString();
    await em.transactional(async (tem) => {
      const marked = await runSql(
        tem,
        sql`insert into page_view_rolled_days (day, through) values (${current}, ${through})
            on conflict (day) do update set through = excluded.through
             where page_view_rolled_days.through < excluded.through
            returning day`,
      );
      if (!marked.length) return; // another instance got here first
      await runSql(tem, sql`delete from page_view_rollups where day = ${current}`);
      await runSql(
        tem,
        sql`insert into page_view_rollups (day, kind, key1, key2, key3, visitors, pageviews, networks)
            ${foldedFacts(rawFacts(dayStart(current), through), keyCap)}`,
      );
    });
    if (Date.parse(through) === Date.parse(dayEnd(current))) closed++;
    day = addDays(current, 1);
  }
  return closed;
}
