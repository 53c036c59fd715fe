/**
 * The CSV export at 1,000,000 contacts against PostgreSQL's own COPY ... TO STDOUT of the same
 * rows (psql, into /dev/null), measured in the same run, round after round: every contact, then
 * filtered exports (a status, a search) against the same COPY with the same WHERE. Per case:
 * seconds, rows/s, the ratio, the time to the first byte, and the app process's peak RSS growth
 * (sampled every 20 ms from /proc). The app runs as its own production process; the download is
 * read with node:http, counting lines with Buffer#indexOf, so the reader costs little of the
 * machine's two cores. `--write` records it in docs/BENCHMARKS.md.
 *
 *   node --import tsx bench/contacts-export.ts [--rows 1000000] [--rounds 3] [--write]
 *     [--database-url URL]   an already seeded database (left in place), instead of a fresh one
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { initOrm } from '../src/server/db/orm';
import { contactFilterSql } from '../src/server/contacts/contact-filter.sql';
import { inlineSql } from '../src/server/contacts/contacts-export-copy';
import { createDatabase, dropDatabase, pgAdminUrl, queryRows } from '../src/server/test/pg-admin';
import { startAppInstance } from './app-instance';
import { writeBenchmarkSection } from './bench-doc';
import { seedContacts } from './seed-contacts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 1_000_000);
const ROUNDS = Number(arg('rounds') ?? 3);
const MB = 1024 * 1024;
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The exports measured: the query string, and the WHERE the app builds for it (for psql). */
const CASES = [
  { label: 'every contact', query: '', where: 'true' },
  {
    label: 'status=qualified',
    query: '?status=qualified',
    where: inlineSql(contactFilterSql({ status: 'qualified' }, 0)),
  },
  {
    label: 'search=smith',
    query: '?search=smith',
    where: inlineSql(contactFilterSql({ search: 'smith' }, 0)),
  },
];

interface Download {
  seconds: number;
  firstByteMs: number;
  bytes: number;
  lines: number;
  rssGrowthMb: number;
}

/** Downloads `url`, reading as fast as it comes, while sampling the app's RSS. */
async function download(url: string, cookie: string, pid: number): Promise<Download> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const start = performance.now();
  try {
    return await new Promise<Download>((done, fail) => {
      get(url, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) fail(new Error(`status ${res.statusCode}`));
        let firstByteMs = 0;
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          if (!firstByteMs) firstByteMs = performance.now() - start;
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        res.on('end', () => {
          peak = Math.max(peak, rssMb(pid));
          const seconds = (performance.now() - start) / 1000;
          done({ seconds, firstByteMs, bytes, lines, rssGrowthMb: peak - before });
        });
        res.on('error', fail);
      }).on('error', fail);
    });
  } finally {
    clearInterval(sampler);
  }
}

/** psql's COPY of the same rows into /dev/null, in seconds. */
function psqlCopy(dbUrl: string, where: string): number {
  const sql = `copy (select * from contacts where ${where} order by id) to stdout with (format csv, header true)`;
  const start = performance.now();
  const copy = spawnSync('psql', [dbUrl, '-qc', sql], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (copy.status !== 0) throw new Error(String(copy.stderr));
  return (performance.now() - start) / 1000;
}

const given = arg('database-url');
const dbName = `convoza_bench_export_${randomBytes(4).toString('hex')}`;
const dbUrl = given ?? (await createDatabase(dbName, { adminUrl: pgAdminUrl() }));
try {
  if (!given) {
    const orm = await initOrm(dbUrl);
    await seedContacts(orm.em.fork() as EntityManager, ROWS);
    await orm.em.getConnection().execute('vacuum analyze contacts');
    await orm.close();
  }
  const counts = await Promise.all(
    CASES.map(async (c) =>
      Number(
        (
          await queryRows<{ n: string }>(
            dbUrl,
            `select count(*) as n from contacts where ${c.where}`,
          )
        )[0]!.n,
      ),
    ),
  );
  if (counts[0] !== ROWS) throw new Error(`the database holds ${counts[0]} contacts, not ${ROWS}`);

  const app = await startAppInstance(dbUrl, {
    env: { ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password-123' },
  });
  try {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password-123' }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const pid = app.child.pid!;
    await download(`${app.url}/api/contacts/export/csv?ids=1`, cookie, pid);

    const results = CASES.map(() => ({ psql: [] as number[], app: [] as Download[] }));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, c] of CASES.entries()) {
        const psqlSeconds = psqlCopy(dbUrl, c.where);
        const got = await download(`${app.url}/api/contacts/export/csv${c.query}`, cookie, pid);
        if (got.lines < counts[i]! + 1) throw new Error(`${c.label}: ${got.lines} lines`);
        results[i]!.psql.push(psqlSeconds);
        results[i]!.app.push(got);
        console.log(
          `round ${round} ${c.label}: psql ${psqlSeconds.toFixed(2)} s, app ${got.seconds.toFixed(2)} s ` +
            `(ratio ${(psqlSeconds / got.seconds).toFixed(2)}, first byte ${got.firstByteMs.toFixed(0)} ms, ` +
            `RSS +${got.rssGrowthMb.toFixed(0)} MB, ${(got.bytes / MB).toFixed(0)} MB)`,
        );
      }
    }

    const rows = CASES.flatMap((c, i) => {
      const { psql, app: runs } = results[i]!;
      const ratios = runs.map((r, k) => psql[k]! / r.seconds);
      const appSeconds = median(runs.map((r) => r.seconds));
      const psqlSeconds = median(psql);
      const range = (xs: number[], digits: number) =>
        `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;
      return [
        `| ${c.label} (${fmt(counts[i]!)} rows) | psql COPY | ${psqlSeconds.toFixed(2)} (${range(psql, 2)}) | ${fmt(counts[i]! / psqlSeconds)} | | | |`,
        `| | GET /api/contacts/export/csv${c.query} (${(runs[0]!.bytes / MB).toFixed(0)} MB) | ${appSeconds.toFixed(2)} (${range(
          runs.map((r) => r.seconds),
          2,
        )}) | ${fmt(counts[i]! / appSeconds)} | **${median(ratios).toFixed(2)}** (${range(ratios, 2)}) | ${median(
          runs.map((r) => r.firstByteMs),
        ).toFixed(0)} (${range(
          runs.map((r) => r.firstByteMs),
          0,
        )}) | ${median(runs.map((r) => r.rssGrowthMb)).toFixed(0)} (${range(
          runs.map((r) => r.rssGrowthMb),
          0,
        )}) |`,
      ];
    });
    const body = [
      `${fmt(ROWS)} contacts (seeded by bench/seed-contacts.ts, then VACUUM ANALYZE), every column, in id order; ${ROUNDS} rounds, each running psql's COPY and then the app's export of every case. Medians, with the range over the rounds in brackets; the ratio is psql's seconds over the app's within the same round.`,
      '',
      '| export | by | seconds | rows/s | ratio | first byte ms | app RSS growth MB |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      'psql runs `copy (select * from contacts where <the WHERE the app builds for the query> order by id) to stdout with (format csv, header true)` into /dev/null. Budgets: ratio >= 0.8, first byte < 200 ms, RSS growth < 50 MB.',
      '',
      "The app runs the same kind of COPY on a connection of its pool (pg-copy-streams, the filter inlined as escaped literals) and pipes it to the response with backpressure; on the way a byte-level rewrite (src/server/contacts/contacts-export-rewrite.ts) applies the formula rule to every cell, quotes cells holding ';' or a tab, and turns the timestamps into ISO 8601 UTC. The same work inside PostgreSQL measured 0.5x of the COPY: a per-cell `CASE` that tests `strpos`/`ascii` before `regexp_replace` plus `to_char` for the timestamps cost 3.1-3.9 s against 1.7-2.1 s for the plain COPY (`regexp_replace` on every text cell: 12.6-13.0 s), `to_char` alone 0.4 µs per timestamp. The previous export (keyset batches of 1,000 with plain `pg`, every cell formatted in JavaScript) measured 7.78 s against psql's 1.54 s: 0.20x, RSS growth 86 MB.",
    ];
    console.log(body.join('\n'));
    if (process.argv.includes('--write'))
      writeBenchmarkSection('Contacts CSV export at scale', body.join('\n'));
  } finally {
    await app.stop();
  }
} finally {
  if (!given) await dropDatabase(dbName);
}
