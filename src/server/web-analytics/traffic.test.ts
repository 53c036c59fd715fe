import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/time-zone';
import type { TTraffic } from '../../shared/web-analytics.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { rawFacts, rolledThrough, rollUpPageViews, trafficFacts } from './page-view-rollups.sql';
import { runSql } from '../db/typed-sql';
import { sql as typed } from 'kysely';

// GET /api/analytics/traffic over page views written with known days, visitors and sources;
// the same answer before and after the closed days are rolled up.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);
const today = new Date().toISOString().slice(0, 10);
/** Minutes since today began (UTC): today's page views are placed within them. */
const sinceMidnight = () => (Date.now() - Date.parse(`${today}T00:00:00Z`)) / 60_000;

interface View {
  day: string;
  visitor: string;
  path?: string;
  referrer?: string;
  source?: string;
  campaign?: string;
  device?: string;
  /** Seconds after the day's noon (UTC); today's views are placed in the last minutes instead. */
  minutesAgo?: number;
}

async function view(v: View) {
  const at =
    v.minutesAgo !== undefined
      ? new Date(Date.now() - v.minutesAgo * 60_000)
      : new Date(`${v.day}T12:00:00Z`);
  await sql(
    `insert into page_views (viewed_at, day, visitor, path, referrer_host, utm_source, utm_campaign, device)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      at.toISOString(),
      at.toISOString().slice(0, 10),
      v.visitor,
      v.path ?? '/',
      v.referrer ?? null,
      v.source ?? null,
      v.campaign ?? null,
      v.device ?? 'desktop',
    ],
  );
}

/** Three days: two closed ones (rolled up later) and today. */
async function seed() {
  const d2 = addDays(today, -2);
  const d1 = addDays(today, -1);
  // Two days ago: A reads two pages from news.example; B lands from a campaign on a phone.
  await view({ day: d2, visitor: 'A', path: '/', referrer: 'news.example' });
  await view({ day: d2, visitor: 'A', path: '/pricing', referrer: 'news.example' });
  await view({
    day: d2,
    visitor: 'B',
    path: '/',
    source: 'linkedin',
    campaign: 'q4',
    device: 'mobile',
  });
  // Yesterday: A again (a new visitor on a new day), direct.
  await view({ day: d1, visitor: 'A2', path: '/pricing' });
  // Today, minutes ago: C live, D an hour ago.
  await view({
    day: today,
    visitor: 'C',
    path: '/about',
    minutesAgo: Math.min(2, sinceMidnight() / 4),
  });
  await view({
    day: today,
    visitor: 'D',
    path: '/',
    minutesAgo: Math.min(60, sinceMidnight() / 2),
    device: 'tablet',
  });
  return { d2, d1 };
}

/** Fact rows in a comparable form, in one order. */
const norm = (rows: Record<string, unknown>[]) =>
  rows
    .map((r) =>
      JSON.stringify([
        String(r.day).slice(0, 10),
        r.kind,
        r.key1,
        r.key2,
        r.key3,
        Number(r.visitors),
        Number(r.pageviews),
      ]),
    )
    .sort();

const query = (from: string, to: string, interval = 'day') =>
  admin.rest<TTraffic>('GET', `/analytics/traffic?from=${from}&to=${to}&interval=${interval}`);

describe('GET /api/analytics/traffic', () => {
  it('counts visitors per day and page views, with the top pages, referrers, campaigns and devices', async () => {
    const { d2, d1 } = await seed();
    const from = addDays(today, -3);
    const res = await query(from, today);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totals: { visitors: 5, pageviews: 6 },
      series: [
        { date: from, visitors: 0, pageviews: 0 },
        { date: d2, visitors: 2, pageviews: 3 },
        { date: d1, visitors: 1, pageviews: 1 },
        { date: today, visitors: 2, pageviews: 2 },
      ],
      // Each visitor here is a network of its own: '/' was seen from three, and is listed; a key
      // seen from fewer is summed in `other` (one network cannot choose what tops a list).
      pages: [{ path: '/', visitors: 3, pageviews: 3 }],
      referrers: [],
      campaigns: [],
      devices: [
        { device: 'desktop', visitors: 3 },
        { device: 'mobile', visitors: 1 },
        { device: 'tablet', visitors: 1 },
      ],
      other: {
        pages: { keys: 2, visitors: 3, pageviews: 3 },
        referrers: { keys: 1, visitors: 1, pageviews: 2 },
        campaigns: { keys: 1, visitors: 1, pageviews: 1 },
      },
      liveVisitors: 1,
    });
    expect(await admin.trpc.analytics.traffic.query({ from, to: today })).toEqual(res.body);

    // Rolled up, the closed days answer the same, and the roll-ups are the raw rows summed.
    expect(await rollUpPageViews(t.db.em(), new Date())).toBe(2);
    expect((await query(from, today)).body).toEqual(res.body);
    // Today is rolled up to a minute ago too: the roll-ups are the raw rows before that, summed.
    const through = await rolledThrough(t.db.em());
    expect(Date.now() - Date.parse(through!)).toBeGreaterThanOrEqual(60_000);
    const rolled = await sql(
      `select day::text, kind, key1, key2, key3, visitors, pageviews from page_view_rollups`,
    );
    const raw = await runSql(t.db.em(), rawFacts(`${d2}T00:00:00Z`, through!));
    expect(norm(rolled)).toEqual(norm(raw as Record<string, unknown>[]));
    expect(await rollUpPageViews(t.db.em(), new Date())).toBe(0);
  });

  it("adds a day's roll-up so far and the page views after it up to the raw rows, for random visits", async () => {
    // A day seen from 11:00 on it: rolled up to 10:59, the rest raw. Each visitor reads pages
    // on both sides of the cut, so one counted on both sides would show as two.
    const day = addDays(today, -5);
    let seed = 31;
    const pick = <T>(xs: readonly T[]) =>
      xs[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % xs.length]!;
    for (let i = 0; i < 300; i++) {
      const at = new Date(Date.parse(`${day}T10:00:00Z`) + pick([...Array(120).keys()]) * 60_000);
      await sql(
        `insert into page_views (viewed_at, day, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, device)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          at.toISOString(),
          day,
          pick(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8']),
          pick(['/', '/pricing', '/about']),
          pick([null, 'news.example', 'search.example']),
          pick([null, 'linkedin']),
          pick([null, 'social']),
          pick([null, 'q4']),
          pick(['desktop', 'mobile', 'tablet']),
        ],
      );
    }
    expect(await rollUpPageViews(t.db.em(), new Date(`${day}T11:00:00Z`))).toBe(0);
    const through = await rolledThrough(t.db.em());
    expect(through).toBe(`${day}T10:59:00.000Z`);
    const [{ rolled }] = (await sql(`select count(*)::int as rolled from page_view_rollups`)) as [
      { rolled: number },
    ];
    expect(rolled).toBeGreaterThan(0);
    const summed = await runSql(
      t.db.em(),
      typed`select day, kind, key1, key2, key3, sum(visitors) as visitors, sum(pageviews) as pageviews
            from ${trafficFacts(day, day, through)} as f group by 1, 2, 3, 4, 5`,
    );
    const raw = await runSql(
      t.db.em(),
      rawFacts(`${day}T00:00:00Z`, `${addDays(day, 1)}T00:00:00Z`),
    );
    expect(norm(summed as Record<string, unknown>[])).toEqual(
      norm(raw as Record<string, unknown>[]),
    );
  });

  it('sums days into weeks (from Monday) and months', async () => {
    await seed();
    const from = addDays(today, -40);
    const weeks = (await query(from, today, 'week')).body;
    expect(weeks.series.every((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks.totals).toEqual({ visitors: 5, pageviews: 6 });
    const months = (await query(from, today, 'month')).body;
    expect(months.series.every((p) => p.date.endsWith('-01'))).toBe(true);
    expect(months.series.reduce((n, p) => n + p.pageviews, 0)).toBe(6);
  });

  it('refuses a bad period with 400 naming the field, and strangers', async () => {
    const cases: [string, string][] = [
      ['to=2026-11-01', 'from'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=yesterday&to=2026-03-01', 'from'],
      ['from=2026-11-02&to=2026-11-01', 'to'],
      ['from=2025-01-01&to=2026-11-01', 'to'],
      ['from=2026-11-01&to=2026-11-02&interval=hour', 'interval'],
    ];
    for (const [params, field] of cases) {
      const res = await admin.rest<{ data: { fieldErrors: Record<string, string> } }>(
        'GET',
        `/analytics/traffic?${params}`,
      );
      expect(res.status, params).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors), params).toEqual([field]);
    }
    await expect(
      admin.trpc.analytics.traffic.query({ from: '2026-11-02', to: '2026-11-01' }),
    ).rejects.toThrow(/to must not be before from/);
    expect(
      (await t.anonymous().rest('GET', `/analytics/traffic?from=${today}&to=${today}`)).status,
    ).toBe(401);
  });
});
