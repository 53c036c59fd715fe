/**
 * Admin list throughput: `GET /api/contacts/search?limit=50` (and the same call over /trpc) at
 * 10,000 contacts with 20 concurrent connections, beside the physical baseline measured in the
 * same run: the same queries plus the session lookup in bare `pg` + `node:http`
 * (bench/bare-list-server.ts). Each server is its own process; autocannon runs here. Rounds
 * alternate between the servers so machine noise falls on all of them alike; the median round
 * counts. `--write` records the table in docs/BENCHMARKS.md (## Admin list throughput).
 *
 *   node --import tsx bench/admin-throughput.ts [--rows 10000] [--seconds 10] [--rounds 3] [--write]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../mikro-orm.config';
import { createDatabase, dropDatabase, queryRows } from '../src/server/test/pg-admin';
import { createUser } from '../src/server/users/users.service';
import { freePort } from '../src/server/free-port';
import { startAppInstance } from './app-instance';
import { autocannon, type AutocannonResult } from './autocannon';
import { writeBenchmarkSection } from './bench-doc';
import { seedContacts } from './seed-contacts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);
const SECONDS = arg('seconds', 10);
const ROUNDS = arg('rounds', 3);
const CONNECTIONS = 20;
const BUDGET = 0.6;

const dbName = `convoza_bench_throughput_${randomBytes(4).toString('hex')}`;
const url = await createDatabase(dbName);
const stops: (() => Promise<void>)[] = [];

async function startBareServer(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-list-server.ts'], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stops.push(async () => {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  });
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && ready());
    child.once('exit', () => fail(new Error('bare server exited')));
  });
  return `http://127.0.0.1:${port}`;
}

interface Target {
  label: string;
  url: string;
  cookie: string;
  runs: AutocannonResult[];
}

try {
  const orm = await MikroORM.init({ ...ormOptions(url), debug: false });
  await orm.migrator.up();
  await seedContacts(orm.em.fork(), ROWS);
  await createUser(orm.em.fork(), {
    username: 'bench-admin',
    password: 'bench-password-1',
    email: 'bench-admin@example.com',
    firstName: 'Bench',
    lastName: 'Admin',
    role: 'admin',
  });
  await orm.close(true);

  const app = await startAppInstance(url);
  stops.push(app.stop);
  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-admin', password: 'bench-password-1' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const [session] = await queryRows<{ id: string }>(url, 'select id from sessions limit 1');
  const bare = await startBareServer();

  const trpcInput = encodeURIComponent(JSON.stringify({ json: { limit: 50 } }));
  const targets: Target[] = [
    {
      label: 'Bare `pg` + `node:http` (baseline)',
      url: `${bare}/list`,
      cookie: `sid=${session!.id}`,
      runs: [],
    },
    {
      label: 'App, REST `GET /api/contacts/search?limit=50`',
      url: `${app.url}/api/contacts/search?limit=50`,
      cookie,
      runs: [],
    },
    {
      label: 'App, tRPC `admin.contacts.find`',
      url: `${app.url}/trpc/admin.contacts.find?input=${trpcInput}`,
      cookie,
      runs: [],
    },
  ];
  for (const t of targets) {
    const check = await fetch(t.url, { headers: { cookie: t.cookie } });
    if (!check.ok) throw new Error(`${t.label}: ${check.status} ${await check.text()}`);
    // Warm-up: JIT, pool connections, plan caches.
    await autocannon({
      url: t.url,
      connections: CONNECTIONS,
      duration: 2,
      headers: { cookie: t.cookie },
    });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const r = await autocannon({
        url: t.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie: t.cookie },
      });
      if (r.non2xx || r.errors)
        throw new Error(`${t.label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      t.runs.push(r);
      console.log(
        `round ${round + 1} ${t.label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms`,
      );
    }
  }

  const median = (t: Target) =>
    [...t.runs].sort((a, b) => a.requests.average - b.requests.average)[
      Math.floor(t.runs.length / 2)
    ]!;
  const base = median(targets[0]!).requests.average;
  const rows = targets.map((t) => {
    const m = median(t);
    const ratio = m.requests.average / base;
    const all = t.runs.map((r) => r.requests.average.toFixed(0)).join(' / ');
    return `| ${t.label} | ${m.requests.average.toFixed(0)} | ${all} | ${m.latency.p50} ms | ${m.latency.p99} ms | ${ratio.toFixed(2)}× | ${t === targets[0] ? '' : ratio >= BUDGET ? 'yes' : '**no**'} |`;
  });
  const body = `${ROWS.toLocaleString('en-US')} seeded contacts (bench/seed-contacts.ts); each server in its own process (the app: \`src/server/main.ts\`, production mode); autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating between the servers; the median round counts. Every response is the first page (50 contacts, per-status counts) for a signed-in admin. Budget: the app at >= ${BUDGET}× the baseline.

| Server | Req/s (median) | Req/s (each round) | p50 | p99 | vs baseline | >= ${BUDGET}× |
| --- | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}`;
  console.log(body);
  if (process.argv.includes('--write')) writeBenchmarkSection('Admin list throughput', body);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await dropDatabase(dbName);
}
