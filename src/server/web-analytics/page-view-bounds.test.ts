import { describe, expect, it } from 'vitest';
import type { TSecurityStats } from '../../shared/security.schema';
import { addDays } from '../../shared/time-zone';
import {
  FOLDED_KEY,
  VISITORS_PER_NETWORK,
  type TFunnel,
  type TTraffic,
} from '../../shared/web-analytics.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { rollUpPageViews } from './page-view-rollups.sql';

// An anonymous flood of page views costs bounded storage (a day's page views, its distinct values
// of each kind and one network's visitors are capped; the roll-ups fold what is past the cap), and
// one network cannot write the counts (20 visitors a day; a key is listed from three networks).
// The caps are scaled down here (400 page views, 40 values a kind) so CI floods them in seconds;
// the product's defaults are 500,000 and 5,000 (docs/SECURITY.md, "Page views").
const CAPS = { views: 400, keys: 40 };
const t = useTestApp({ app: { trustProxy: true }, pageViewCaps: CAPS });
const admin = useSignedIn(t, 'admin');

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params) as Promise<T[]>;
const today = () => new Date().toISOString().slice(0, 10);

/** One page view from `ip`, with a browser of its own unless `browser` names one. */
const collect = (ip: string, path: string, browser: string, referrer?: string) =>
  t.anonymous().fetch('/api/collect', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0 ${browser}`,
    },
    body: JSON.stringify({ url: `${t.url}${path}`, referrer, width: 1280 }),
  });

/** Sends the requests a few at a time, as a script on one machine would. */
async function inTurn(requests: (() => Promise<Response>)[], atOnce = 20) {
  for (let i = 0; i < requests.length; i += atOnce) {
    const answers = await Promise.all(requests.slice(i, i + atOnce).map((send) => send()));
    expect(answers.every((a) => a.status === 202)).toBe(true);
  }
  await t.deps.pageViews.flush();
}

/** The table's bytes on disk (heap and indexes) given its rows of `day`. */
async function bytesOf(table: 'page_views' | 'page_view_rollups', day: string) {
  const [row] = await sql<{ bytes: number }>(
    `select coalesce(sum(pg_column_size(t.*)), 0)::int as bytes from ${table} t where day = ?`,
    [day],
  );
  return row!.bytes;
}

describe('page views bounded per day', () => {
  it('stores at most the day’s cap, folds distinct values past their cap, and the Security Center says so', async () => {
    // Ten networks each send 60 page views, every one with its own path, referrer and campaign.
    const floods = Array.from({ length: 600 }, (_, i) => () => {
      const net = `198.51.100.${i % 10}`;
      return collect(
        net,
        `/flood/${i}?utm_source=src${i}&utm_campaign=c${i}`,
        `b${i}`,
        `https://r${i}.example/`,
      );
    });
    await inTurn(floods);
    const [stored] = await sql<{ views: number; paths: number; sources: number; visitors: number }>(
      `select count(*)::int as views, count(distinct path)::int as paths,
              count(distinct utm_source)::int as sources, count(distinct visitor)::int as visitors
         from page_views`,
    );
    // 400 stored, at most 40 distinct values of each kind kept (the rest stored as one value),
    // and each of the ten networks counts for at most 20 visitors and one more.
    expect(stored).toEqual({
      views: CAPS.views,
      paths: CAPS.keys + 1,
      sources: CAPS.keys + 1,
      visitors: 10 * (VISITORS_PER_NETWORK + 1),
    });
    const [folded] = await sql(`select count(*)::int as n from page_views where path = ?`, [
      FOLDED_KEY,
    ]);
    expect(folded).toEqual({ n: CAPS.views - CAPS.keys });

    for (const client of [admin.rest<TSecurityStats>('GET', '/security/stats?period=24h')]) {
      const { status, body } = await client;
      expect(status).toBe(200);
      expect(body.pageViewsToday).toEqual({
        day: today(),
        views: CAPS.views,
        dropped: 200,
        capped: expect.arrayContaining([
          'views',
          'path',
          'referrer',
          'source',
          'campaign',
          'networkVisitors',
        ]),
      });
    }
    expect(
      (await admin.trpc.admin.security.stats.query({ period: '24h' })).pageViewsToday.dropped,
    ).toBe(200);

    // Rolled up, the day's roll-ups take fewer bytes than the raw rows they summarise.
    await rollUpPageViews(t.db.em(), new Date(Date.now() + 120_000), CAPS.keys);
    const [rollupRows] = await sql(`select count(*)::int as n from page_view_rollups`);
    expect((rollupRows as { n: number }).n).toBeLessThanOrEqual(5 * (CAPS.keys + 1) + 5);
    expect(await bytesOf('page_view_rollups', today())).toBeLessThan(
      await bytesOf('page_views', today()),
    );
  });

  it('counts one network for at most 20 visitors a day, and lists a key only once three networks saw it', async () => {
    // One network, 60 browsers, all on a page of its choosing.
    await inTurn(
      Array.from({ length: 60 }, (_, i) => () => collect('203.0.113.50', '/chosen-text', `ua${i}`)),
    );
    // Three networks read /pricing.
    await inTurn(
      ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((ip) => () => collect(ip, '/pricing', 'x')),
    );
    for (const body of [
      (await admin.rest<TTraffic>('GET', `/analytics/traffic?from=${today()}&to=${today()}`)).body,
      await admin.trpc.analytics.traffic.query({ from: today(), to: today() }),
    ]) {
      expect(body.totals).toEqual({ visitors: VISITORS_PER_NETWORK + 1 + 3, pageviews: 63 });
      expect(body.pages).toEqual([{ path: '/pricing', visitors: 3, pageviews: 3 }]);
      expect(body.other.pages).toEqual({
        keys: 1,
        visitors: VISITORS_PER_NETWORK + 1,
        pageviews: 60,
      });
    }
  });
});

describe('analytics reads bounded', () => {
  it('answer 200,000 distinct keys of a day in at most 50 rows and one more, within the time budget, before and after the roll-up', async () => {
    const day = addDays(today(), -1);
    // Written straight to the table (as a restore, or an older release's flood, would hold them):
    // every page view its own visitor, network, path, referrer and campaign.
    await sql(
      `insert into page_views (viewed_at, day, visitor, network, path, referrer_host, utm_source, utm_campaign, device)
       select ?::timestamptz + (i * interval '300 milliseconds'), ?::date, 'v' || i, 'n' || i,
              '/p/' || i, 'r' || i || '.example', 's' || i, 'c' || i, 'desktop'
         from generate_series(1, 200000) as i`,
      [`${day}T00:00:00Z`, day],
    );
    const reads = async () => {
      const answers = [];
      for (const path of [
        `/analytics/funnel?from=${day}&to=${day}&groupBy=landingPage`,
        `/analytics/funnel?from=${day}&to=${day}&groupBy=source`,
        `/analytics/traffic?from=${day}&to=${day}`,
      ]) {
        const started = performance.now();
        const res = await admin.fetch(`/api${path}`);
        const text = await res.text();
        answers.push({
          path,
          status: res.status,
          bytes: text.length,
          ms: performance.now() - started,
          text,
        });
      }
      return answers;
    };
    for (const answer of await reads()) {
      // Answered within the budget (3 s a statement), or refused with 503 rather than held.
      expect([200, 503], answer.path).toContain(answer.status);
      expect(answer.bytes, answer.path).toBeLessThan(32_000);
      expect(answer.ms, answer.path).toBeLessThan(10_000);
    }
    const rolled = await rollUpPageViews(t.db.em(), new Date(), CAPS.keys);
    expect(rolled).toBeGreaterThanOrEqual(1);
    const [rollupRows] = await sql<{ n: number }>(
      `select count(*)::int as n from page_view_rollups where day = ?`,
      [day],
    );
    // At most the key cap (40 here) per kind and day, plus the folded row.
    expect(rollupRows!.n).toBeLessThanOrEqual(5 * (CAPS.keys + 1) + 5);
    expect(await bytesOf('page_view_rollups', day)).toBeLessThan(
      (await bytesOf('page_views', day)) / 100,
    );
    for (const answer of await reads()) {
      expect(answer.status, answer.path).toBe(200);
      expect(answer.bytes, answer.path).toBeLessThan(32_000);
      expect(answer.ms, answer.path).toBeLessThan(1_000);
    }
    const funnel = JSON.parse((await reads())[0]!.text) as TFunnel;
    expect(funnel.rows.length).toBeLessThanOrEqual(50);
    expect(funnel.totals.visitors).toBe(200_000);
    expect(funnel.other).toMatchObject({ visitors: 200_000 });
  });
});
