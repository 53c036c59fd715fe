/**
 * Bulk actions at scale: 100,000 seeded contacts, half of them owned by one rep, and
 * POST /api/contacts/bulk over that owner's 50,000 (set status, reassign, delete) through the
 * real Express app, beside the same UPDATE/DELETE sent with bare `pg` in the same run (the
 * physical baseline). Budget: 50,000 rows in under 5 s. `--write` records the figures in
 * docs/BENCHMARKS.md (## Contacts bulk actions).
 *
 *   node --import tsx bench/contacts-bulk.ts [--rows 100000] [--runs 3] [--write]
 */
import { randomBytes } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from '../mikro-orm.config';
import { createDatabase, dropDatabase } from '../src/server/test/pg-admin';
import { createUser } from '../src/server/users/users.service';
import { writeBenchmarkSection } from './bench-doc';
import { startSignedInApp } from './in-process-app';
import { seedContacts } from './seed-contacts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 100_000);
const RUNS = arg('runs', 3);
const BUDGET_MS = 5000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dbName = `convoza_bench_bulk_${randomBytes(4).toString('hex')}`;
const url = await createDatabase(dbName);
const lines: string[] = [];
try {
  const orm = await MikroORM.init(ormOptions(url));
  await orm.migrator.up();
  const em = orm.em.fork() as EntityManager;
  await seedContacts(em, ROWS);
  const user = (username: string, role: 'admin' | 'user') =>
    createUser(em, {
      username,
      email: `${username}@example.com`,
      password: 'bench-password',
      role,
      firstName: null,
      lastName: null,
    });
  await user('bench', 'admin');
  const repA = (await user('rep-a', 'user')).id;
  const repB = (await user('rep-b', 'user')).id;
  await em.execute('update contacts set owner_id = ? where id % 2 = 0', [repA]);
  await em.execute('vacuum analyze contacts');
  const half = ROWS / 2;

  const { base, cookie, close } = await startSignedInApp(orm, 'bench', 'bench-password');
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    const bulk = async (body: object): Promise<{ ms: number; affected: number }> => {
      const start = performance.now();
      const res = await fetch(`${base}/api/contacts/bulk`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`bulk ${res.status}: ${text}`);
      return {
        ms: performance.now() - start,
        affected: (JSON.parse(text) as { affected: number }).affected,
      };
    };
    const sql = async (text: string, params: unknown[]) => {
      const start = performance.now();
      const res = await raw.query(text, params);
      return { ms: performance.now() - start, affected: res.rowCount ?? 0 };
    };

    const rows: string[][] = [];
    const record = (label: string, app: number[], base: number[], affected: number) => {
      const a = median(app);
      const b = median(base);
      rows.push([
        label,
        String(affected),
        `${Math.round(a)} ms`,
        `${Math.round(b)} ms`,
        `${(a / b).toFixed(1)}×`,
        a < BUDGET_MS ? 'yes' : '**no**',
      ]);
    };

    // Status: every run flips all of rep A's contacts, so each run changes all 50,000.
    const appStatus: number[] = [];
    const baseStatus: number[] = [];
    let affected = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await bulk({
        filter: { ownerId: repA },
        action: 'set_status',
        status: i % 2 ? 'qualified' : 'converted',
      });
      appStatus.push(r.ms);
      affected = r.affected;
      const b = await sql(
        `update contacts set status = $1, updated_at = now() where owner_id = $2 and status <> $1`,
        ['contacted', repA],
      );
      baseStatus.push(b.ms);
    }
    if (affected !== half) throw new Error(`set_status affected ${affected}, expected ${half}`);
    record('Set status (filter: owner)', appStatus, baseStatus, affected);

    // Assign: rep A's 50,000 to rep B and back; the baseline moves them the same way.
    const appAssign: number[] = [];
    const baseAssign: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await bulk({ filter: { ownerId: repA }, action: 'assign', ownerId: repB });
      appAssign.push(r.ms);
      affected = r.affected;
      const b = await sql(
        `update contacts set owner_id = $1, updated_at = now() where owner_id = $2`,
        [repA, repB],
      );
      baseAssign.push(b.ms);
    }
    if (affected !== half) throw new Error(`assign affected ${affected}, expected ${half}`);
    record('Assign owner (filter: owner)', appAssign, baseAssign, affected);

    // Delete once each: the app deletes rep A's half, the baseline the unowned half.
    const del = await bulk({ filter: { ownerId: repA }, action: 'delete' });
    const baseDel = await sql('delete from contacts where owner_id is null', []);
    if (del.affected !== half) throw new Error(`delete affected ${del.affected}`);
    record('Delete (filter: owner)', [del.ms], [baseDel.ms], del.affected);

    lines.push(
      `${ROWS.toLocaleString('en-US')} seeded contacts (bench/seed-contacts.ts), half owned by one rep; each action over that rep's ${half.toLocaleString('en-US')} through POST /api/contacts/bulk (HTTP, session, validation, one transaction), median of ${RUNS} runs (delete: one run), beside the same statement in bare \`pg\` on the same database. Budget: under ${BUDGET_MS / 1000} s.`,
      '',
      '| Action | Rows changed | App | Bare SQL | App / SQL | Under budget |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    );
    console.log(lines.join('\n'));
    if (process.argv.includes('--write'))
      writeBenchmarkSection('Contacts bulk actions', lines.join('\n'));
  } finally {
    await raw.end();
    close();
    await orm.close(true);
  }
} finally {
  await dropDatabase(dbName);
}
