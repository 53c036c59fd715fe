/**
 * Lighthouse (mobile preset, simulated throttling) for every public route, median of 3 runs:
 *   npm run build && node --import tsx bench/public-lighthouse.ts [--write] [--runs=3]
 * Uses BASE_URL when given; `--static` serves dist/client with its precompressed files
 * (bench/public-static-server.ts); otherwise starts the built server (src/server/main.ts) on a free port
 * with the environment's DATABASE_URL, or the embedded PostgreSQL in a temporary DATA_DIR.
 * Chromium: CHROME_PATH (default /usr/lib/chromium/chromium, the real binary, not the wrapper).
 *
 * With the server it starts itself (neither BASE_URL nor --static), it also audits a lead's booking
 * page, `/book/{token}`: it signs in as the admin it created, gives that admin hours around the
 * clock (so the page lists free times whatever the hour), creates an integration key, submits a
 * lead with it and audits the `booking.url` of the answer (a fresh token each run of the bench).
 * That page is the public shell (dist/client/booking.html) filled in the browser from the API.
 *
 * Fails (exit 1) when a median category score is below 100: every category on the prerendered
 * routes (PUBLIC_ROUTES); accessibility, best practices and SEO on `/book/{token}`, whose
 * performance is reported but not required (it is rendered client-side, after the API answers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PUBLIC_ROUTES } from '../src/client/public/public-routes';
import { adminApi } from './admin-api';
import { writePublicSiteSection } from './bench-doc';
import { freePort } from '../src/server/free-port';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
] as const;
const MIN_SCORE = 100;
type Category = (typeof CATEGORIES)[number];
/** The booking page's route as the report names it (the token differs on every run). */
const BOOKING_ROUTE = '/book/{token}';
/** Categories that must reach MIN_SCORE: all of them, except performance on the booking page. */
const required = (route: string): readonly Category[] =>
  route === BOOKING_ROUTE ? ['accessibility', 'best-practices', 'seo'] : CATEGORIES;
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);

/** Spawns a server process and waits until it prints or answers its URL. */
async function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  port?: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  let url = port ? `http://127.0.0.1:${port}` : '';
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (!port) url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0] ?? '';
    if (url) {
      try {
        if ((await fetch(port ? `${url}/api/health` : url)).ok) break;
      } catch {
        /* starting */
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

interface AppServer {
  url: string;
  stop: () => Promise<void>;
  admin?: { username: string; password: string };
}

async function startAppServer(): Promise<AppServer> {
  const port = await freePort();
  const admin = { username: 'lighthouse-admin', password: randomBytes(18).toString('base64url') };
  const dataDir = mkdtempSync(join(tmpdir(), 'convoza-lh-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  };
  const server = await spawnServer(['src/server/main.ts'], env, port);
  return {
    url: server.url,
    admin,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh booking link's path (`/book/<token>`): the admin takes calls every hour of every day
 * (UTC), and a lead submitted with an integration key gets the link in the answer.
 */
async function bookingPath(
  url: string,
  credentials: { username: string; password: string },
): Promise<string> {
  const admin = await adminApi(url, credentials);
  const me = await admin<{ id: number }>('GET', '/auth/me');
  await admin('PUT', `/users/${me.id}/availability`, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    overrides: [],
  });
  const { key } = await admin<{ key: string }>('POST', '/integration-keys', { name: 'lighthouse' });
  const res = await fetch(`${url}/api/contacts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Lighthouse Lead',
      email: 'lighthouse@bench.example',
      message: 'Please call me about an outbound voice agent.',
    }),
  });
  if (!res.ok) throw new Error(`lead submission failed: ${res.status} ${await res.text()}`);
  const { booking } = (await res.json()) as { booking?: { token: string; url: string } };
  if (!booking) throw new Error('the lead submission answered without a booking link');
  return new URL(booking.url, url).pathname;
}

/** The median of the runs that produced a value (a failed metric is reported, not sorted as NaN). */
function median(values: number[]): number {
  const xs = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)] ?? NaN;
}

const useStatic = process.argv.includes('--static');
const server: AppServer = process.env.BASE_URL
  ? { url: process.env.BASE_URL, stop: async () => {} }
  : useStatic
    ? await spawnServer(['bench/public-static-server.ts'], process.env)
    : await startAppServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
  ],
});
const rows: string[] = [];
let failed = false;
let retried = 0;
try {
  // Each audited page: the name it is reported under and the path Lighthouse loads.
  // --only=/,/about audits those routes alone (a quick look; --write then refuses).
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const routes = only ? PUBLIC_ROUTES.filter((r) => only.split(',').includes(r)) : PUBLIC_ROUTES;
  const pages = routes.map((route) => ({ route, path: route }));
  if (server.admin)
    pages.push({ route: BOOKING_ROUTE, path: await bookingPath(server.url, server.admin) });
  for (const { route, path } of pages) {
    const scores: Record<string, number[]> = {};
    const metrics: Record<string, number[]> = {};
    // Audits that cost a required category points, in any run: named so a drop can be fixed.
    const lost = new Set<string>();
    for (let i = 0, attempts = 0; i < runs; attempts++) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
      // A run whose trace Lighthouse could not record (NO_NAVSTART and the like: "Please run
      // Lighthouse again") measured nothing; it is reported and run again, at most twice per run.
      if (lhr.runtimeError && attempts < runs + 2) {
        console.warn(`  ${route}: Lighthouse ${lhr.runtimeError.code}, running again`);
        retried += 1;
        continue;
      }
      i += 1;
      for (const c of CATEGORIES)
        (scores[c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      for (const m of METRICS) (metrics[m] ??= []).push(lhr.audits[m]?.numericValue ?? NaN);
      for (const c of required(route).filter((c) => c !== 'performance')) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const score = lhr.audits[ref.id]?.score;
          if (ref.weight > 0 && score !== null && score !== undefined && score < 1) {
            lost.add(`${c}: ${ref.id}`);
            // What the audit found (the issue's kind and its source), to fix it by name.
            const items = (lhr.audits[ref.id]?.details as { items?: unknown[] } | undefined)?.items;
            if (items?.length) console.log(`  ${ref.id}: ${JSON.stringify(items).slice(0, 600)}`);
          }
        }
      }
      const errors = [
        lhr.runtimeError?.code,
        ...METRICS.map(
          (m) => lhr.audits[m]?.errorMessage && `${m}: ${lhr.audits[m]?.errorMessage}`,
        ),
      ].filter(Boolean);
      if (errors.length) console.warn(`  ${route} run ${i}: ${errors.join('; ')}`);
    }
    const s = CATEGORIES.map((c) => median(scores[c] ?? []));
    const [fcp, lcp, tbt, cls] = METRICS.map((m) => median(metrics[m] ?? []));
    if (CATEGORIES.some((c, k) => required(route).includes(c) && !((s[k] ?? 0) >= MIN_SCORE)))
      failed = true;
    const perfRuns = (scores.performance ?? []).join(', ');
    const line = `| \`${route}\` | ${s.join(' | ')} | ${perfRuns} | ${((fcp ?? 0) / 1000).toFixed(1)} s | ${((lcp ?? 0) / 1000).toFixed(1)} s | ${Math.round(tbt ?? 0)} ms | ${(cls ?? 0).toFixed(3)} |`;
    rows.push(line);
    console.log(
      `${route.padEnd(36)} perf ${s[0]} (runs ${perfRuns}) a11y ${s[1]} bp ${s[2]} seo ${s[3]}  FCP ${((fcp ?? 0) / 1000).toFixed(2)} s  LCP ${((lcp ?? 0) / 1000).toFixed(2)} s  TBT ${Math.round(tbt ?? 0)} ms (runs ${(metrics['total-blocking-time'] ?? []).map(Math.round).join(', ')})`,
    );
    if (lost.size) console.log(`  failing audits: ${[...lost].join(', ')}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}

if (process.argv.includes('--write') && !process.argv.some((a) => a.startsWith('--only='))) {
  // BENCH_LABEL names the serving setup when it is not the default (e.g. a compressing proxy).
  const label =
    process.env.BENCH_LABEL ??
    (process.env.BASE_URL
      ? `served at ${process.env.BASE_URL}`
      : useStatic
        ? 'precompressed static files (bench/public-static-server.ts)'
        : 'served by src/server/main.ts');
  writePublicSiteSection(
    `Lighthouse (mobile), ${label}`,
    [
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, default mobile preset (simulated slow 4G, 4x CPU slowdown), Debian chromium headless, median of ${runs} runs per route${retried ? ` (${retried} run${retried === 1 ? '' : 's'} whose trace Lighthouse failed to record, NO_NAVSTART or similar, run again)` : ''}. Measured by \`bench/public-lighthouse.ts\`; target ${MIN_SCORE} in every category on every prerendered route${server.admin ? `; on \`${BOOKING_ROUTE}\` (a lead's booking page, a fresh link from a lead submitted with an integration key, rendered in the browser from the API) ${MIN_SCORE} in accessibility, best practices and SEO, its performance reported only` : ''}.`,
      '',
      '| Route | Performance | Accessibility | Best practices | SEO | Performance per run | FCP | LCP | TBT | CLS |',
      '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
}
process.exit(failed ? 1 : 0);
