// Page-view collection under load: POST /api/collect on the production app against a bare
// node:http + pg server that reads the same beacon, hashes the same visitor key and inserts the
// same row (bench/bare-collect-server.ts), both on the same PostgreSQL:
// - at a steady 1,000 page views a second: latency p50/p99 (the issue's bar: p99 < 20 ms);
// - flat out from CONNECTIONS connections, in alternating rounds: page views answered a second
//   (the bar: the app at least 0.5x the baseline).
// Each request comes from its own network (X-Forwarded-For through the app's trusted loopback
// proxy) with a browser's user agent, as a crowd of visitors would; every page view the app
// answered must be in page_views once its buffer is written.
//   npm run bench:collect            (writes "Website collection" in docs/BENCHMARKS.md)
//   node --import tsx bench/collect-throughput.ts --duration 5 --rounds 1   (quick, prints only)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../src/server/free-port';
import { createDatabase, dropDatabase } from '../src/server/test/pg-admin';
import { startAppInstance } from './app-instance';
import { autocannon, type AutocannonResult } from './autocannon';
import { machine, writeBenchmarkSection } from './bench-doc';
import { openLoop } from './open-loop';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const DURATION = Number(arg('duration') ?? 10);
const ROUNDS = Number(arg('rounds') ?? 3);
const CONNECTIONS = Number(arg('connections') ?? 32);
const RATE = 1000;
const P99_BUDGET_MS = 20;
const RATIO_BUDGET = 0.5;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PAGES = ['/', '/pricing', '/solutions/voice', '/contact', '/about'];

/** The bare baseline on its own port, once it listens. */
async function startBare(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-collect-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((done) => child.stdout.once('data', done));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

let sent = 0;
/** One page view's request, each from a network of its own, as a crowd of visitors would send. */
function pageView(url: string) {
  const n = ++sent;
  const page = PAGES[n % PAGES.length]!;
  const tagged = n % 10 === 0 ? `?utm_source=news&utm_campaign=spring-${n % 3}` : '';
  return {
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': CHROME,
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      url: `${url}${page}${tagged}`,
      referrer: n % 4 === 0 ? 'https://www.google.com/' : '',
      width: [390, 820, 1440][n % 3],
    }),
  };
}

/** As many page views to `url` as answered, from `connections` connections for `duration` s. */
function flatOut(url: string, connections: number, duration: number) {
  return autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/collect',
        setupRequest: (req) => ({ ...req, ...pageView(url) }),
      },
    ],
  });
}

/** Exactly `rate` page views a second to `url` for `duration` s (an open loop). */
const steady = (url: string, rate: number, duration: number) =>
  openLoop(url, '/api/collect', rate, duration, () => pageView(url));

const answered = (r: AutocannonResult) => r.statusCodeStats['202']?.count ?? 0;
const ms = (x: number) => `${x.toFixed(1)} ms`;

const name = `convoza_bench_collect_${randomBytes(4).toString('hex')}`;
const databaseUrl = await createDatabase(name);
const rounds: { app: number; bare: number }[] = [];
let steadyApp: Awaited<ReturnType<typeof steady>> | undefined;
let steadyBare: Awaited<ReturnType<typeof steady>> | undefined;
let appAnswered = 0;
let appStored = 0;
try {
  const app = await startAppInstance(databaseUrl);
  const bare = await startBare(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = async () =>
    Number((await client.query<{ n: string }>('select count(*) as n from page_views')).rows[0]!.n);
  /** Runs `work` against the app, then counts what it answered and what reached the table. */
  const onApp = async <T>(work: () => Promise<T>, answeredOf: (result: T) => number) => {
    const before = await stored();
    const result = await work();
    await new Promise((r) => setTimeout(r, 1500)); // the buffer writes every 500 ms
    appAnswered += answeredOf(result);
    appStored += (await stored()) - before;
    return result;
  };
  try {
    await flatOut(app.url, 4, 2); // warm-up: JIT, the day's salt, the pools
    await flatOut(bare.url, 4, 2);
    steadyApp = await onApp(
      () => steady(app.url, RATE, DURATION),
      (r) => r.answered,
    );
    steadyBare = await steady(bare.url, RATE, DURATION);
    console.log(
      `steady ${RATE}/s: app p50 ${ms(steadyApp.p50)} p99 ${ms(steadyApp.p99)}; bare p50 ${ms(steadyBare.p50)} p99 ${ms(steadyBare.p99)}`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await onApp(() => flatOut(app.url, CONNECTIONS, DURATION), answered);
      const b = await flatOut(bare.url, CONNECTIONS, DURATION);
      rounds.push({ app: answered(a) / DURATION, bare: answered(b) / DURATION });
      console.log(
        `round ${round}: app ${(answered(a) / DURATION).toFixed(0)}/s (p99 ${a.latency.p99} ms), bare ${(answered(b) / DURATION).toFixed(0)}/s (p99 ${b.latency.p99} ms)`,
      );
    }
  } finally {
    await client.end();
    bare.stop();
    await app.stop();
  }
} finally {
  await dropDatabase(name);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const appRps = median(rounds.map((r) => r.app));
const bareRps = median(rounds.map((r) => r.bare));
const ratio = appRps / bareRps;
const rows = [
  `| Steady ${RATE.toLocaleString('en-US')} page views/s for ${DURATION} s (open loop) | ${ms(steadyApp!.p50)} | ${ms(steadyApp!.p99)} | ${ms(steadyBare!.p50)} | ${ms(steadyBare!.p99)} | ${steadyApp!.p99 < P99_BUDGET_MS ? 'yes' : 'no'} (app p99 < ${P99_BUDGET_MS} ms) |`,
  `| Flat out, ${CONNECTIONS} connections, median of ${ROUNDS} rounds | ${appRps.toFixed(0)}/s | ${ratio.toFixed(2)}x the baseline | ${bareRps.toFixed(0)}/s | | ${ratio >= RATIO_BUDGET ? 'yes' : 'no'} (≥ ${RATIO_BUDGET}x) |`,
];
const body = `\`npm run bench:collect\` (bench/collect-throughput.ts): \`POST /api/collect\` on the production app (one process) against bench/bare-collect-server.ts, node:http + pg reading the same beacon, hashing the same visitor key and inserting the same row with one insert per request, on the same local PostgreSQL. Each page view comes from a network of its own (X-Forwarded-For through the app's trusted loopback proxy) with a browser's user agent, sent as sendBeacon sends it (text/plain). The steady load is an open loop (each request sent on time, answered or not); flat out is autocannon, rounds alternating app then baseline: ${rounds.map((r, i) => `round ${i + 1} ${r.app.toFixed(0)}/s vs ${r.bare.toFixed(0)}/s`).join(', ')}. Stored by the app: ${appStored.toLocaleString('en-US')} page views for ${appAnswered.toLocaleString('en-US')} answered 202 (autocannon stops counting answers at its deadline, so a few more may be stored than counted; none may be missing).

| Load | App p50 / rate | App p99 / ratio | Baseline p50 / rate | Baseline p99 | Within the bar |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

The app answers before it writes: a page view waits up to 500 ms in a bounded buffer (20,000 rows) and is written with the others in one batch (one transaction that also keeps the day's caps: page-view-intake.sql.ts), so its latency is the request's own work (parse, checks, hash) and its rate is not bound by one insert per request.

${machine()}.`;
console.log(body);
if (process.argv.includes('--write')) writeBenchmarkSection('Website collection', body);
