/**
 * Fault drill: the app serves on a private PostgreSQL, which is shut down (fast shutdown: open
 * transactions aborted, connections dropped) while submissions, admin reads and health probes
 * keep coming, then started again. The app must stay up, answer 503 (never 500) meanwhile,
 * recover on its own, and every acknowledged submission must be stored exactly once.
 * Run in CI by fault.test.ts; by hand with `npm run bench:fault` (bench/fault.ts), which prints
 * the report and with --write updates docs/BENCHMARKS.md.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { buildApp } from './build-app';
import { initOrm } from './db/orm';
import { installConnectionGuard } from './db/connection-guard';
import { createLogger, type Logger } from './logger';
import { relaxContactProtections } from './form-guard/contact-form-test-support';
import { createUser } from './users/users.service';
import { startPrivatePostgres } from './test/private-postgres';

type Phase = 'before' | 'outage' | 'recovering' | 'after';

export interface FaultReport {
  outageMs: number;
  recoveryMs: number;
  submissions: number;
  acknowledged: number;
  /** Acknowledged (2xx) but not in the database. Must be 0. */
  lost: number;
  /** Stored more than once. Must be 0. */
  duplicated: number;
  /** In the database though the client saw an error (commit raced the shutdown): allowed, reported. */
  storedUnacknowledged: number;
  /** status -> count, per phase, over submissions, admin reads and health probes. */
  statuses: Record<Phase, Record<string, number>>;
  healthDuringOutage: number[];
  /** The readiness answer's database check before the outage, and during it (each probe). */
  readyDatabaseBefore: string;
  readyDuringOutage: { status: number; database: string }[];
  serverErrorsLogged: number;
  /** Pooled connections still checked out once every request has finished. Must be 0. */
  leakedConnections: number;
}

const trace = (msg: string) =>
  process.env.FAULT_TRACE &&
  process.stderr.write(`[fault] ${new Date().toISOString().slice(11, 23)} ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runFaultScenario({
  outageMs = 3000,
  workers = 6,
  guardRollbacks = true,
} = {}): Promise<FaultReport> {
  const db = await startPrivatePostgres('fault');
  let errorsLogged = 0;
  const quiet = createLogger('silent');
  const log: Logger = { ...quiet, error: () => void errorsLogged++ };
  const orm = await initOrm(db.url);
  if (guardRollbacks) await installConnectionGuard(orm);
  let server: Server | undefined;
  try {
    const em = orm.em.fork() as EntityManager;
    await createUser(em, {
      username: 'fault-admin',
      email: 'fault@example.com',
      password: 'fault-password-1',
      role: 'admin',
      firstName: null,
      lastName: null,
    });
    // The drill is about the database, not the bot checks: let a script submit freely.
    await relaxContactProtections(em);
    const { app } = buildApp({ orm, log });
    server = await new Promise<Server>((done) => {
      const s = app.listen(0, '127.0.0.1', () => done(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'fault-admin', password: 'fault-password-1' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    let phase: Phase = 'before';
    const statuses: FaultReport['statuses'] = { before: {}, outage: {}, recovering: {}, after: {} };
    const count = (status: number | string) => {
      const bucket = statuses[phase];
      bucket[String(status)] = (bucket[String(status)] ?? 0) + 1;
    };
    const acked = new Set<number>();
    const healthDuringOutage: number[] = [];
    let seq = 0;
    let running = true;

    const submitter = async () => {
      while (running) {
        const n = ++seq;
        try {
          const res = await fetch(`${url}/api/contacts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: `Fault ${n}`,
              email: `f${n}@fault.example`,
              message: 'fault drill',
            }),
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          count(res.status);
          if (res.ok) acked.add(n);
        } catch {
          count('network-error');
        }
        if (phase === 'outage') await sleep(20);
      }
    };
    const reader = async () => {
      while (running) {
        try {
          const res = await fetch(`${url}/api/contacts/search?limit=20`, {
            headers: { cookie },
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          count(res.status);
        } catch {
          count('network-error');
        }
        await sleep(50);
      }
    };
    const health = async () =>
      (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) })).status;
    const readiness = async () => {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { checks: { database: string } };
      return { status: res.status, database: body.checks.database };
    };
    const readyDuringOutage: FaultReport['readyDuringOutage'] = [];

    const load = [...Array.from({ length: workers }, submitter), reader()];
    await sleep(1500);
    const readyDatabaseBefore = (await readiness()).database;

    phase = 'outage';
    trace(`stopping postgres after ${seq} submissions`);
    await db.stop();
    trace('postgres stopped');
    const outageStart = Date.now();
    while (Date.now() - outageStart < outageMs) {
      healthDuringOutage.push(await health());
      readyDuringOutage.push(await readiness());
      trace(`health ${healthDuringOutage.at(-1)} ${JSON.stringify(statuses.outage)}`);
      await sleep(250);
    }

    phase = 'recovering';
    await db.start();
    trace('postgres started');
    const recoveryStart = Date.now();
    while ((await health()) !== 200) {
      if (Date.now() - recoveryStart > 30_000)
        throw new Error('the app did not recover within 30 s');
      await sleep(100);
    }
    const recoveryMs = Date.now() - recoveryStart;
    trace(`recovered in ${recoveryMs} ms`);
    phase = 'after';
    await sleep(1500);
    running = false;
    await Promise.all(load);
    trace(`load stopped: ${JSON.stringify(statuses.after)}`);
    // A connection cut while checked out is reclaimed a few seconds later (connection-guard.ts).
    const pool = await orm.em.getConnection().getNativeClient();
    const settleBy = Date.now() + 10_000;
    while (pool.totalCount > pool.idleCount && Date.now() < settleBy) await sleep(200);
    const leakedConnections = pool.totalCount - pool.idleCount;
    trace(`pool total ${pool.totalCount} idle ${pool.idleCount} waiting ${pool.waitingCount}`);

    const rows = await (orm.em.fork() as EntityManager).execute<{ email: string; n: string }[]>(
      "select email, count(*) as n from contacts where email like '%@fault.example' group by email",
    );
    const stored = new Map(rows.map((r) => [Number(/^f(\d+)@/.exec(r.email)![1]), Number(r.n)]));
    return {
      outageMs,
      recoveryMs,
      submissions: seq,
      acknowledged: acked.size,
      lost: [...acked].filter((n) => !stored.has(n)).length,
      duplicated: [...stored.values()].filter((c) => c > 1).length,
      storedUnacknowledged: [...stored.keys()].filter((n) => !acked.has(n)).length,
      statuses,
      healthDuringOutage,
      readyDatabaseBefore,
      readyDuringOutage,
      serverErrorsLogged: errorsLogged,
      leakedConnections,
    };
  } finally {
    if (server) {
      server.closeAllConnections();
      await new Promise((d) => server!.close(d));
    }
    trace('closing');
    // A leaked connection would make close() wait for ever; the report has already counted it.
    await Promise.race([orm.close(true).catch(() => undefined), sleep(5000)]);
    trace('orm closed');
    await db.destroy();
    trace('db destroyed');
  }
}

export function faultMarkdown(r: FaultReport): string {
  const fmt = (m: Record<string, number>) =>
    Object.entries(m)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ') || '-';
  return [
    'Run by `npm run bench:fault` (`bench/fault.ts`; the same drill runs in CI as `src/server/test/fault.test.ts`).',
    `One app instance on a private embedded PostgreSQL; ${r.submissions} contact submissions from 6 concurrent clients plus an admin list reader and health probes; the database is stopped (fast shutdown) for ${r.outageMs / 1000} s and started again.`,
    '',
    '| Phase | Responses by status |',
    '|---|---|',
    ...(['before', 'outage', 'recovering', 'after'] as const).map(
      (p) => `| ${p} | ${fmt(r.statuses[p])} |`,
    ),
    '',
    `- /api/health during the outage: ${[...new Set(r.healthDuringOutage)].join(', ')} (${r.healthDuringOutage.length} probes)`,
    `- Recovered by itself ${r.recoveryMs} ms after PostgreSQL was back (no app restart)`,
    `- Acknowledged submissions: ${r.acknowledged}; lost: **${r.lost}**; stored twice: **${r.duplicated}**; stored though the client saw an error: ${r.storedUnacknowledged}`,
    `- Pooled connections left checked out afterwards: **${r.leakedConnections}** (see src/server/db/connection-guard.ts)`,
    `- 500 responses: **${Object.values(r.statuses).reduce((s, m) => s + (m['500'] ?? 0), 0)}**; errors logged as internal: ${r.serverErrorsLogged}`,
  ].join('\n');
}
