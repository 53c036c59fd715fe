/**
 * Load: two app instances (separate processes) share one private PostgreSQL behind a trusted
 * proxy; autocannon drives POST /api/contacts from many client addresses (X-Forwarded-For) with
 * every protection on (form tokens, bot and content checks, the per-IP limit at 100/hour), plus
 * the admin contact list, for 60 s. Then every 2xx submission must be in the database exactly once.
 *   npm run bench:load               (writes the "Load" section of docs/BENCHMARKS.md)
 *   node --import tsx bench/load.ts --duration 10   (a quick run, prints only)
 *   node --import tsx bench/load.ts --before <git ref> --duration 20 --write
 *     (the same load on the app of an older commit and on this one, alternating, with request
 *     logging at info and metrics on: writes "Load before and after" in docs/BENCHMARKS.md)
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_SECURITY_SETTINGS } from '../src/shared/security.schema';
import { initOrm } from '../src/server/db/orm';
import { clientKey } from '../src/server/http/client-ip';
import { issueFormToken } from '../src/server/form-guard/form-token';
import {
  loadProtectionSettings,
  updateSecuritySettings,
} from '../src/server/security-center/settings.service';
import { BROWSER_HEADERS } from '../src/server/form-guard/contact-form-test-support';
import { createUser } from '../src/server/users/users.service';
import { startAppInstance } from './app-instance';
import { autocannon, type AutocannonResult } from './autocannon';
import { writeBenchmarkSection } from './bench-doc';
import { startPrivatePostgres } from '../src/server/test/private-postgres';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const DURATION = Number(arg('duration') ?? 60);
const SUBMIT_CONNECTIONS = Number(arg('connections') ?? 16);
const ADMIN = { username: 'load-admin', password: 'load-admin-password' };

/** A client address per request, spread over 65,536 so the 100/hour limit never bites. */
const clientIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function submissions(
  url: string,
  instance: string,
  secret: string,
  acked: string[],
  tally: Map<string, number>,
) {
  let n = 0;
  return autocannon({
    url,
    connections: SUBMIT_CONNECTIONS,
    duration: DURATION,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/contacts',
        setupRequest: (req, context) => {
          const seq = ++n;
          const email = `${instance}-${seq}@load.example`;
          const ip = clientIp(seq + (instance === 'a' ? 0 : 32768));
          context.email = email;
          return {
            ...req,
            headers: {
              ...BROWSER_HEADERS,
              'content-type': 'application/json',
              'x-forwarded-for': ip,
            },
            // A token as if the form had been opened 10 s ago by this client: the full protection path runs, token spend included.
            body: JSON.stringify({
              name: `Load Tester ${seq}`,
              email,
              company: 'Bench Co',
              message: 'We would like to discuss outbound calling for our sales team.',
              website: '',
              formToken: issueFormToken(secret, clientKey(ip), Date.now() - 10_000),
            }),
          };
        },
        onResponse: (status, _body, context) => {
          tally.set(String(status), (tally.get(String(status)) ?? 0) + 1);
          if (status >= 200 && status < 300) acked.push(String(context.email));
        },
      },
    ],
  });
}

function adminList(urls: string[], cookie: string) {
  let i = 0;
  return autocannon({
    url: urls[0]!,
    connections: 4,
    duration: DURATION,
    timeout: 30,
    headers: { cookie },
    requests: [
      {
        method: 'GET',
        // Alternate instances by rewriting the path onto each URL's origin is not possible; the
        // instances are identical, so the list hits instance A while B serves submissions too.
        setupRequest: (req) => ({
          ...req,
          path: `/api/contacts/search?limit=50${++i % 5 === 0 ? '&search=tester' : ''}`,
        }),
      },
    ],
  });
}

interface LoadReport {
  submit: AutocannonResult[];
  list: AutocannonResult;
  acked: number;
  stored: number;
  missing: number;
  duplicated: number;
  unacknowledgedStored: number;
  statuses: Record<string, number>;
}

/** What the app instances run with: the app of `cwd` (this checkout by default). */
interface AppUnderLoad {
  cwd?: string;
  env?: Record<string, string>;
}

export async function runLoad(app: AppUnderLoad = {}): Promise<LoadReport> {
  const db = await startPrivatePostgres('load');
  const instances: ChildProcess[] = [];
  try {
    const orm = await initOrm(db.url);
    const em = orm.em.fork() as EntityManager;
    await createUser(em, {
      ...ADMIN,
      email: 'load@example.com',
      role: 'admin',
      firstName: null,
      lastName: null,
    });
    await updateSecuritySettings(em, { ...DEFAULT_SECURITY_SETTINGS, maxSubmissionsPerHour: 100 });
    const { formSecret } = await loadProtectionSettings(em);

    const a = await startAppInstance(db.url, app);
    instances.push(a.child);
    const b = await startAppInstance(db.url, app);
    instances.push(b.child);
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const acked: string[] = [];
    const tally = new Map<string, number>();
    const [ra, rb, list] = await Promise.all([
      submissions(a.url, 'a', formSecret, acked, tally),
      submissions(b.url, 'b', formSecret, acked, tally),
      adminList([a.url, b.url], cookie),
    ]);

    const rows = await em.execute<{ email: string; n: string }[]>(
      "select email, count(*) as n from contacts where email like '%@load.example' group by email",
    );
    const stored = new Map(rows.map((r) => [r.email, Number(r.n)]));
    const ackedSet = new Set(acked);
    await orm.close(true);
    return {
      submit: [ra, rb],
      list,
      acked: acked.length,
      stored: rows.reduce((s, r) => s + Number(r.n), 0),
      missing: [...ackedSet].filter((e) => !stored.has(e)).length,
      duplicated: [...stored.values()].filter((c) => c > 1).length + (acked.length - ackedSet.size),
      unacknowledgedStored: [...stored.keys()].filter((e) => !ackedSet.has(e)).length,
      statuses: Object.fromEntries(tally),
    };
  } finally {
    for (const child of instances) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
    await db.destroy();
  }
}

const ms = (v: number) => `${v.toFixed(0)} ms`;

function markdown(r: LoadReport): string {
  const sum = (f: (x: AutocannonResult) => number) => r.submit.reduce((s, x) => s + f(x), 0);
  const submitRate = sum((x) => x.requests.total) / DURATION;
  const row = (name: string, x: AutocannonResult) =>
    `| ${name} | ${x.requests.total} | ${(x.requests.total / x.duration).toFixed(0)} | ${ms(x.latency.p50)} | ${ms(x.latency.p99)} | ${ms(x.latency.max)} | ${x.non2xx} | ${x.errors} |`;
  return [
    'Run by `npm run bench:load` (`bench/load.ts`).',
    `Two app instances (separate Node processes, \`NODE_ENV=production\`, \`TRUST_PROXY=loopback\`) share one private embedded PostgreSQL on the same machine as autocannon. ${DURATION} s; ${SUBMIT_CONNECTIONS} connections per instance post the contact form from 65,536 client addresses (X-Forwarded-For) with browser headers and a fresh form token each, **every protection on** (rate limit 100/hour/IP, honeypot, bot detection + token, content filter); 4 more connections read the admin list (\`GET /api/contacts/search?limit=50\`, every fifth with a search) on instance A.`,
    '',
    '| Traffic | Requests | Req/s | p50 | p99 | max | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('POST /api/contacts → instance A', r.submit[0]!),
    row('POST /api/contacts → instance B', r.submit[1]!),
    row('Admin list → instance A', r.list),
    '',
    `- Submissions: ${submitRate.toFixed(0)} req/s over both instances; statuses ${Object.entries(
      r.statuses,
    )
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
    `- Exactly once: ${r.acked} acknowledged (2xx), ${r.stored} stored; missing **${r.missing}**, duplicated **${r.duplicated}**, stored without a 2xx ${r.unacknowledgedStored} (requests still in flight when autocannon stopped counting)`,
  ].join('\n');
}

/** A worktree of `ref` sharing this checkout's packages and built pages. */
function worktreeOf(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'convoza-before-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { stdio: 'ignore' });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, 'dist'));
  symlinkSync(resolve('dist/client'), join(dir, 'dist/client'));
  return dir;
}

async function beforeAndAfter(ref: string) {
  const dir = worktreeOf(ref);
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  // Request logging at info (to /dev/null) and metrics on, as in production.
  const env = { LOG_LEVEL: 'info', METRICS_TOKEN: 'load-bench-metrics-token' };
  const rounds: { before: number; after: number; beforeList: number; afterList: number }[] = [];
  const rate = (r: LoadReport) => r.submit.reduce((s, x) => s + x.requests.total, 0) / DURATION;
  try {
    for (let round = 0; round < 2; round++) {
      const before = await runLoad({ cwd: dir, env });
      const after = await runLoad({ env });
      rounds.push({
        before: rate(before),
        after: rate(after),
        beforeList: before.list.requests.total / DURATION,
        afterList: after.list.requests.total / DURATION,
      });
      console.log(rounds.at(-1));
    }
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  }
  const total = (k: keyof (typeof rounds)[number]) => rounds.reduce((s, r) => s + r[k], 0);
  const md = [
    `Run by \`node --import tsx bench/load.ts --before ${commit} --duration ${DURATION} --write\`: the load above (two instances, every protection on, ${DURATION} s per run) on the app of commit ${commit} (before request ids, pino, metrics and readiness) and on this one, alternating, ${rounds.length} runs each; both with \`LOG_LEVEL=info\` and \`METRICS_TOKEN\` set.`,
    '',
    '| Run | Submissions before | after | Admin list before | after |',
    '|---|---:|---:|---:|---:|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${r.before.toFixed(0)} req/s | ${r.after.toFixed(0)} req/s | ${r.beforeList.toFixed(0)} req/s | ${r.afterList.toFixed(0)} req/s |`,
    ),
    '',
    `Submissions after / before: **${(total('after') / total('before')).toFixed(2)}x**; admin list: **${(total('afterList') / total('beforeList')).toFixed(2)}x** (budget: within 10%).`,
  ].join('\n');
  process.stdout.write(`${md}\n`);
  if (process.argv.includes('--write')) writeBenchmarkSection('Load before and after', md);
}

if (import.meta.url === `file://${process.argv[1]}` && arg('before')) {
  await beforeAndAfter(arg('before')!);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await runLoad();
  const md = markdown(report);
  process.stdout.write(`${md}\n`);
  if (process.argv.includes('--write')) writeBenchmarkSection('Load', md);
  const failed =
    report.missing > 0 ||
    report.duplicated > 0 ||
    report.submit.some((x) => x.errors > 0 || x.non2xx > 0);
  process.exit(failed ? 1 : 0);
}
