// Page views summed per UTC day (page-view-rollup.entity.ts). The maintenance rolls up each day
// in order: a closed day once and for good, today again on every run up to a minute ago. A read
// takes the roll-ups of the period and sums only the raw page views after the last roll-up
// (`rolledThrough`): minutes of rows, however many months the period spans.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { addDays } from '../../shared/time-zone';
import { runSql } from '../db/typed-sql';

/** How many days one maintenance run rolls up (a fresh install catches up over runs). */
const DAYS_PER_RUN = 7;
/**
 * How far behind now a roll-up stops: a page view waits up to 500 ms in an instance's buffer and
 * instances' clocks differ a little, so a roll-up never counts a minute still being written.
 */
const SETTLE_MS = 60_000;

const dayStart = (day: string) => `${day}T00:00:00Z`;
const dayEnd = (day: string) => dayStart(addDays(day, 1));

/**
 * The raw page views of [since, until) summed as roll-up rows: each day whole, by page,
 * referrer, campaign and device, and by where visits began (`entry`). Visitors are distinct per
 * day (a visitor key lives one day).
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
      count(distinct visitor)::int as visitors, count(*)::int as pageviews
    from page_views where ${period}
   group by grouping sets ((day), (day, path), (day, referrer_host),
                           (day, utm_source, utm_medium, utm_campaign), (day, device))
   union all
   -- Each visitor's first page view of the day: where their visit came from and began.
   select day, 'entry', source, campaign, path, count(*)::int, 0
     from (select distinct on (day, visitor) day, path,
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
 */
function factsAfter(since: string, until: string): RawBuilder<unknown> {
  const counted = (seen: string) =>
    sql`(count(distinct visitor) filter (where not ${sql.ref(seen)}))::int`;
  return sql`select * from (
    with recent as (
      select d.id, d.day, d.visitor, d.viewed_at, d.path, coalesce(d.referrer_host, '') as referrer,
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
           ${counted('day_seen')} as visitors, count(*)::int as pageviews from recent group by day
    union all select day, 'page', path, '', '', ${counted('page_seen')}, count(*)::int
      from recent group by day, path
    union all select day, 'referrer', referrer, '', '', ${counted('referrer_seen')}, count(*)::int
      from recent group by day, referrer
    union all select day, 'campaign', source, medium, campaign, ${counted('campaign_seen')}, count(*)::int
      from recent group by day, source, medium, campaign
    union all select day, 'device', device, '', '', ${counted('device_seen')}, count(*)::int
      from recent group by day, device
    union all select day, 'entry', entry_source, entry_campaign, path, count(*)::int, 0
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
 * Runs `read` on one snapshot of the database, given where its roll-ups end: a roll-up committed
 * between reading `through` and reading the facts would otherwise count its minutes twice.
 */
export function onOneSnapshot<T>(
  em: EntityManager,
  read: (em: EntityManager, through: string | null) => Promise<T>,
): Promise<T> {
  return em.transactional(
    async (tem) => read(tem as EntityManager, await rolledThrough(tem as EntityManager)),
    { isolationLevel: 'repeatable read', readOnly: true },
  );
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
  return sql`(select day, kind::text, key1, key2, key3, visitors, pageviews
                from page_view_rollups where day between ${from}::date and ${to}::date
              union all ${factsAfter(since, dayEnd(to))})`;
}

/**
 * Rolls up the page views of each day not rolled up for good, oldest first, up to DAYS_PER_RUN
 * days a run: a closed day once, today up to SETTLE_MS ago (again on the next run). Each day's
 * rows and its mark are written in one transaction, and the mark's row lock keeps two instances
 * from writing the same day twice. Returns the closed days rolled up.
 */
export async function rollUpPageViews(em: EntityManager, now: Date): Promise<number> {
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
        sql`insert into page_view_rollups (day, kind, key1, key2, key3, visitors, pageviews)
            select * from (${rawFacts(dayStart(current), through)}) as facts`,
      );
    });
    if (Date.parse(through) === Date.parse(dayEnd(current))) closed++;
    day = addDays(current, 1);
  }
  return closed;
}
