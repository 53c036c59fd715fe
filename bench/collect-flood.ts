// An anonymous page-view flood against the production app (attack findings, round 5): one client
// on an IPv6 /48 sends page views for FLOOD seconds at the attack's rate, each with its own /64,
// path, referrer host, UTM values and browser, while an admin keeps Analytics open (the funnel
// by landing page and the traffic view) and a load balancer polls /api/health. Measured beside
// the same reads and polls before the flood (the baseline of this run):
// - what the flood stored (page views, bytes, distinct values, roll-up rows once rolled up);
// - the admin's read p95 during and after (the bar: under 500 ms) and /api/health p95 (within 2x);
// - then a legitimate crowd, 1,000 page views a second from 10,000 networks: all counted.
//   npm run bench:collect-flood        (writes "Page-view flood" in docs/BENCHMARKS.md)
//   node --import tsx bench/collect-flood.ts --flood 10 --crowd 5   (quick, prints only)
import { randomBytes } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from '../mikro-orm.config';
import { createDatabase, dropDatabase } from '../src/server/test/pg-admin';
import { rollUpPageViews } from '../src/server/web-analytics/page-view-rollups.sql';
import { DEFAULT_DAILY_KEY_CAP, DEFAULT_DAILY_VIEW_CAP } from '../src/shared/web-analytics.schema';
import { startAppInstance } from './app-instance';
import { writeBenchmarkSection } from './bench-doc';
import { openLoop, type OpenLoopResult } from './open-loop';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const FLOOD_SECONDS = Number(arg('flood') ?? 60);
const CROWD_SECONDS = Number(arg('crowd') ?? 20);
/** The attack's rate: one client at 528 page views a second. */
const FLOOD_RATE = 528;
const CROWD_RATE = 1000;
const CROWD_NETWORKS = 10_000;
const READ_P95_BUDGET_MS = 500;
const HEALTH_RATIO_BUDGET = 2;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

let n = 0;
/** A flood page view: a new /64 of one /48, a new path, referrer, campaign and browser each time. */
function floodView(url: string) {
  const i = ++n;
  const tag = randomBytes(6).toString('hex');
  return {
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': `${FIREFOX} flood/${tag}`,
      'x-forwarded-for': `2001:db8:77:${(i & 0xffff).toString(16)}::1`,
    },
    body: JSON.stringify({
      url: `${url}/p/${tag}?utm_source=s${tag}&utm_medium=m${tag}&utm_campaign=c${tag}&utm_term=t${tag}`,
      referrer: `https://r${tag}.example/`,
      width: 1280,
    }),
  };
}

/** A visitor of the crowd: one of CROWD_NETWORKS networks, on one of a site's pages. */
function crowdView(url: string) {
  const i = ++n;
  const net = i % CROWD_NETWORKS;
  return {
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': FIREFOX,
      'x-forwarded-for': `10.${(net >> 8) & 255}.${net & 255}.7`,
    },
    body: JSON.stringify({
      url: `${url}${['/', '/services', '/about', '/contact'][i % 4]}${i % 10 ? '' : '?utm_source=newsletter&utm_campaign=dec'}`,
      referrer: i % 3 ? '' : 'https://www.google.com/',
      width: [390, 1440][i % 2],
    }),
  };
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
};

/**
 * Until `stop()`: the admin's Analytics reads every 250 ms and a health poll every 50 ms, one at
 * a time each, timed; answers their latencies and the largest read answer.
 */
function watch(url: string, cookie: string) {
  const reads: number[] = [];
  const health: number[] = [];
  let biggest = 0;
  let refused = 0;
  let running = true;
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const paths = [
    `/api/analytics/funnel?from=${from}&to=${today}&groupBy=landingPage`,
    `/api/analytics/traffic?from=${from}&to=${today}`,
  ];
  const loop = async (every: number, once: (i: number) => Promise<void>) => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      await once(i);
      await new Promise((r) => setTimeout(r, Math.max(0, every - (performance.now() - started))));
    }
  };
  const done = Promise.all([
    loop(250, async (i) => {
      const started = performance.now();
      const res = await fetch(`${url}${paths[i % 2]}`, { headers: { cookie } });
      const text = await res.text();
      reads.push(performance.now() - started);
      biggest = Math.max(biggest, text.length);
      if (res.status !== 200) refused++;
    }),
    loop(50, async () => {
      const started = performance.now();
      await (await fetch(`${url}/api/health`)).text();
      health.push(performance.now() - started);
    }),
  ]);
  return async () => {
    running = false;
    await done;
    return {
      readP95: pct(reads, 0.95),
      healthP95: pct(health, 0.95),
      biggest,
      refused,
      reads: reads.length,
    };
  };
}

const name = `convoza_bench_flood_${randomBytes(4).toString('hex')}`;
const databaseUrl = await createDatabase(name);
const results: Record<string, Awaited<ReturnType<ReturnType<typeof watch>>>> = {};
let flood: OpenLoopResult | undefined;
let crowd: OpenLoopResult | undefined;
let stored: Record<string, number> = {};
let crowdStored = 0;
let days: { views: number; dropped: number; capped: string[] } | undefined;
try {
  const app = await startAppInstance(databaseUrl, {
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const orm = await MikroORM.init({ ...ormOptions(databaseUrl), debug: false });
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  const settle = () => new Promise((r) => setTimeout(r, 1500)); // the buffer writes every 500 ms
  try {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    // Some ordinary traffic first, so the panel has figures; then the idle baseline.
    await openLoop(app.url, '/api/collect', 500, 4, () => crowdView(app.url));
    await settle();
    let stop = watch(app.url, cookie);
    await new Promise((r) => setTimeout(r, 10_000));
    results.before = await stop();

    const beforeViews = await count('select count(*) as n from page_views');
    const beforeBytes = await count(
      `select sum(pg_total_relation_size(c.oid)) as n from pg_class c
        where c.relname like 'page_view%' and c.relkind in ('r', 'p')`,
    );
    stop = watch(app.url, cookie);
    flood = await openLoop(app.url, '/api/collect', FLOOD_RATE, FLOOD_SECONDS, () =>
      floodView(app.url),
    );
    results.during = await stop();
    await settle();
    stored = {
      views: (await count('select count(*) as n from page_views')) - beforeViews,
      bytes:
        (await count(
          `select sum(pg_total_relation_size(c.oid)) as n from pg_class c
            where c.relname like 'page_view%' and c.relkind in ('r', 'p')`,
        )) - beforeBytes,
      paths: await count(`select count(distinct path) as n from page_views`),
    };
    days = (
      await client.query<{ views: number; dropped: number; capped: string[] }>(
        `select views, dropped, capped from page_view_days order by day desc limit 1`,
      )
    ).rows[0];
    await rollUpPageViews(orm.em.fork() as EntityManager, new Date(Date.now() + 120_000));
    stored.rollupRows = await count('select count(*) as n from page_view_rollups');
    stop = watch(app.url, cookie);
    await new Promise((r) => setTimeout(r, 10_000));
    results.after = await stop();

    const beforeCrowd = await count('select count(*) as n from page_views');
    stop = watch(app.url, cookie);
    crowd = await openLoop(app.url, '/api/collect', CROWD_RATE, CROWD_SECONDS, () =>
      crowdView(app.url),
    );
    results.crowd = await stop();
    await settle();
    crowdStored = (await count('select count(*) as n from page_views')) - beforeCrowd;
  } finally {
    await orm.close(true);
    await client.end();
    await app.stop();
  }
} finally {
  await dropDatabase(name);
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const base = results.before!;
const line = (label: string, r: (typeof results)[string]) =>
  `| ${label} | ${ms(r.readP95)} (${r.reads} reads, ${r.refused} not 200, largest ${(r.biggest / 1024).toFixed(1)} KB) | ${ms(r.healthP95)} (${(r.healthP95 / base.healthP95).toFixed(2)}x) | ${r.readP95 < READ_P95_BUDGET_MS && r.healthP95 <= HEALTH_RATIO_BUDGET * base.healthP95 ? 'yes' : 'no'} |`;
for (const [phase, r] of Object.entries(results))
  console.log(
    phase,
    `read p95 ${ms(r.readP95)}`,
    `health p95 ${ms(r.healthP95)}`,
    `largest ${r.biggest} B`,
  );
console.log(
  'flood',
  flood,
  'stored',
  stored,
  'day',
  days,
  'crowd',
  crowd,
  'crowd stored',
  crowdStored,
);

const body = `\`npm run bench:collect-flood\` (bench/collect-flood.ts): one production app process on a fresh database, behind its trusted loopback proxy. One client on the IPv6 /48 2001:db8:77::/48 sends ${FLOOD_RATE} page views a second for ${FLOOD_SECONDS} s (the attack's rate; an open loop), each from a new /64 with a new path, referrer host, five UTM values and user agent. Meanwhile an admin reads Analytics (the 30-day funnel by landing page and the traffic view, alternately, every 250 ms) and a load balancer polls \`/api/health\` every 50 ms. The baseline is the same reads and polls for 10 s before the flood, in this run; "after" is 10 s once the flood's day was rolled up.

| Phase | Admin's Analytics read p95 | \`/api/health\` p95 (x the baseline) | Within the bar (read < ${READ_P95_BUDGET_MS} ms, health within ${HEALTH_RATIO_BUDGET}x) |
| --- | --- | --- | --- |
| Baseline, before | ${ms(base.readP95)} (largest ${(base.biggest / 1024).toFixed(1)} KB) | ${ms(base.healthP95)} | |
${line('During the flood', results.during!)}
${line('After it, rolled up', results.after!)}
| A crowd: ${CROWD_RATE.toLocaleString('en-US')}/s from ${CROWD_NETWORKS.toLocaleString('en-US')} networks (not a flood: no bar) | ${ms(results.crowd!.readP95)} | ${ms(results.crowd!.healthP95)} (${(results.crowd!.healthP95 / base.healthP95).toFixed(2)}x) | ${crowdStored === crowd!.answered ? 'all counted' : 'page views missing'} |

- **The flood**: ${flood!.answered.toLocaleString('en-US')} requests answered 202 (p95 ${ms(flood!.p95)}), ${stored.views!.toLocaleString('en-US')} page views stored: the /48's limit (600 a minute, all instances together) let ${stored.views!.toLocaleString('en-US')} through (600 in each of the ${Math.round(stored.views! / 600)} minute windows it touched) and dropped the rest unseen (a 202 all the same). Storage grew ${(stored.bytes! / 1024 / 1024).toFixed(1)} MB in the page-view tables (${(stored.bytes! / Math.max(1, stored.views!)).toFixed(0)} bytes a stored page view, indexes included); the day's cap is ${DEFAULT_DAILY_VIEW_CAP.toLocaleString('en-US')} page views and ${DEFAULT_DAILY_KEY_CAP.toLocaleString('en-US')} distinct values of each kind, so no day can grow past about ${((DEFAULT_DAILY_VIEW_CAP * Math.max(1, stored.bytes! / Math.max(1, stored.views!))) / 1024 / 1024 / 1024).toFixed(1)} GB of raw rows whatever floods it. The day: ${days?.views.toLocaleString('en-US')} stored, ${days?.dropped.toLocaleString('en-US')} dropped past the cap, caps reached: ${days?.capped.length ? days.capped.join(', ') : 'none'}. ${stored.rollupRows!.toLocaleString('en-US')} roll-up rows after the roll-up (the flood's values, each seen from one network, are never listed: they sum into "Other").
- **The crowd**: ${crowd!.answered.toLocaleString('en-US')} page views answered in ${CROWD_SECONDS} s (p50 ${ms(crowd!.p50)}, p99 ${ms(crowd!.p99)}), ${crowdStored.toLocaleString('en-US')} stored: ${crowdStored === crowd!.answered ? 'all counted' : `${crowd!.answered - crowdStored} missing`}.
`;
if (process.argv.includes('--write')) writeBenchmarkSection('Page-view flood', body);
else console.log(body);
