import { describe, expect, it } from 'vitest';
import type { TTraffic } from '../../shared/web-analytics.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import {
  DEFAULT_PARTITION,
  dropOldPageViewPartitions,
  ensurePageViewPartitions,
} from './page-view-partitions.sql';
import { insertPageViews, type PageViewRow } from './visitors.sql';

// page_views takes a page view of any instant, whatever partitions exist (a DEFAULT partition),
// and the maintenance moves such rows into their month: at a month's and a year's first minute
// (clocks the tests set, years ahead so no partition of the real date is involved), after a
// restore or a back-fill of old months.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);

const view = (at: string, visitor = 'v'): PageViewRow => ({
  viewedAt: new Date(at),
  visitor,
  network: 'n',
  path: '/',
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  device: 'desktop',
});

/** Each stored page view's instant and the partition that holds it. */
const placed = async () =>
  (
    await sql(
      `select to_char(viewed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS') as at,
              tableoid::regclass::text as partition
         from page_views order by viewed_at`,
    )
  ).map((r) => `${String(r.at)} ${String(r.partition)}`);

const partitions = async () =>
  (
    await sql(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'page_views'::regclass order by 1`,
    )
  ).map((r) => String(r.name));

describe('page_views partitions', () => {
  it("stores yesterday's and today's page views at a year's first minute, then moves them into their months", async () => {
    const em = t.db.em();
    const newYear = new Date('2041-01-01T00:00:00Z');
    // Before the maintenance ran this year (or ever for these months): nothing is refused.
    await insertPageViews(em, [
      view('2040-12-31T23:59:30Z', 'late'),
      view('2041-01-01T00:00:10Z', 'early'),
    ]);
    expect(await placed()).toEqual([
      `2040-12-31T23:59:30 ${DEFAULT_PARTITION}`,
      `2041-01-01T00:00:10 ${DEFAULT_PARTITION}`,
    ]);
    // This month and two ahead, and last year's December that the default held.
    expect(await ensurePageViewPartitions(em, newYear)).toBe(4);
    expect(await placed()).toEqual([
      '2040-12-31T23:59:30 page_views_2040_12',
      '2041-01-01T00:00:10 page_views_2041_01',
    ]);
    expect(await partitions()).toEqual(
      expect.arrayContaining(['page_views_2041_02', 'page_views_2041_03', DEFAULT_PARTITION]),
    );
    // The moved rows keep their indexes (attached partitions get the parent's).
    const [indexes] = await sql(
      `select count(*)::int as n from pg_indexes where tablename = 'page_views_2040_12'`,
    );
    expect(indexes).toEqual({ n: 4 });
    expect(await ensurePageViewPartitions(em, newYear)).toBe(0);

    // The traffic read spans the year's turn.
    const traffic = await admin.rest<TTraffic>(
      'GET',
      '/analytics/traffic?from=2040-12-31&to=2041-01-01',
    );
    expect(traffic.status).toBe(200);
    expect(traffic.body.series).toEqual([
      { date: '2040-12-31', visitors: 1, pageviews: 1 },
      { date: '2041-01-01', visitors: 1, pageviews: 1 },
    ]);
  });

  it("stores yesterday's page view at a month's first minute", async () => {
    const em = t.db.em();
    const first = new Date('2042-03-01T00:00:00Z');
    await insertPageViews(em, [view('2042-02-28T23:59:59Z')]);
    expect(await ensurePageViewPartitions(em, first)).toBe(4);
    expect(await placed()).toEqual(['2042-02-28T23:59:59 page_views_2042_02']);
    // A page view written once its month has a partition goes straight there.
    await insertPageViews(em, [view('2042-03-01T00:00:30Z')]);
    expect((await placed())[1]).toBe('2042-03-01T00:00:30 page_views_2042_03');
  });

  it('takes a back-fill of an old month, which retention then drops once rolled up', async () => {
    const em = t.db.em();
    await insertPageViews(em, [view('2020-05-10T10:00:00Z'), view('2020-05-11T10:00:00Z')]);
    expect(await ensurePageViewPartitions(em, new Date())).toBeGreaterThanOrEqual(1);
    expect(await placed()).toEqual([
      '2020-05-10T10:00:00 page_views_2020_05',
      '2020-05-11T10:00:00 page_views_2020_05',
    ]);
    // Not rolled up: kept, whatever its age.
    expect(await dropOldPageViewPartitions(em, new Date(), 90)).toBe(0);
    await sql(
      `insert into page_view_rolled_days (day, through) values ('2020-05-31', '2020-06-01T00:00:00Z')`,
    );
    expect(await dropOldPageViewPartitions(em, new Date(), 90)).toBe(1);
    expect(await placed()).toEqual([]);
  });

  it('deletes old rolled-up rows the default partition still holds', async () => {
    const em = t.db.em();
    await insertPageViews(em, [view('2021-07-04T10:00:00Z'), view('2021-08-04T10:00:00Z')]);
    await sql(
      `insert into page_view_rolled_days (day, through) values ('2021-07-31', '2021-08-01T00:00:00Z')`,
    );
    // Retention runs before the rows were moved: July (rolled up) goes, August (not) stays.
    await dropOldPageViewPartitions(em, new Date(), 90);
    expect(await placed()).toEqual([`2021-08-04T10:00:00 ${DEFAULT_PARTITION}`]);
  });

  it('is made once when two instances make the same month at the same moment', async () => {
    await insertPageViews(t.db.em(), [view('2043-06-15T12:00:00Z')]);
    const at = new Date('2043-06-01T00:00:00Z');
    const made = await Promise.all([
      ensurePageViewPartitions(t.db.em(), at),
      ensurePageViewPartitions(t.db.em(), at),
    ]);
    expect(made[0]! + made[1]!).toBe(3);
    expect(await placed()).toEqual(['2043-06-15T12:00:00 page_views_2043_06']);
  });
});
