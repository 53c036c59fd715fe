/**
 * The CSV export at 1,000,000 contacts against PostgreSQL's own COPY ... TO STDOUT of the same
 * rows (psql, into /dev/null), measured in the same run, round after round: every contact, then
 * filtered exports (a status, a search) against the same COPY with the same WHERE. Per case:
 * seconds, the ratio, the time to the first byte, the app process's CPU time and its peak RSS
 * growth (sampled every 20 ms from /proc). The app runs as its own production process. Each
 * export is first downloaded once and checked (line count); the timed downloads are curl into
 * /dev/null, as psql's COPY goes there, and must have the checked download's size.
 * `--write` records it in docs/BENCHMARKS.md.
 *
 *   node --import tsx bench/contacts-export.ts [--rows 1000000] [--rounds 3] [--write]
 *     [--database-url URL]   an already seeded database (left in place), instead of a fresh one
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { initOrm } from '../src/server/db/orm';
import { contactFilterSql } from '../src/server/contacts/contact-filter.sql';
import { inlineSql } from '../src/server/contacts/contacts-export-copy.sql';
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
  cpuSeconds: number;
}

/** User + system CPU seconds of process `pid` so far. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Samples the app's RSS every 20 ms and its CPU time around `run`. */
async function measured(
  pid: number,
  run: () => Promise<Omit<Download, 'rssGrowthMb' | 'cpuSeconds'>>,
): Promise<Download> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const cpuBefore = cpuSeconds(pid);
  try {
    const got = await run();
    peak = Math.max(peak, rssMb(pid));
    return { ...got, rssGrowthMb: peak - before, cpuSeconds: cpuSeconds(pid) - cpuBefore };
  } finally {
    clearInterval(sampler);
  }
}

/** Downloads `url` with node:http, counting its lines: the untimed check of each export. */
function checkDownload(url: string, cookie: string): Promise<{ bytes: number; lines: number }> {
  return new Promise((done, fail) => {
    get(url, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) fail(new Error(`status ${res.statusCode}`));
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      });
      res.on('end', () => done({ bytes, lines }));
      res.on('error', fail);
    }).on('error', fail);
  });
}

/**
 * The timed download: curl into /dev/null, as psql's COPY goes (both C clients doing nothing
 * with the bytes; a node:http reader took twice curl's CPU, on a machine where the export and
 * PostgreSQL already need both cores). Seconds from start to exit, as for psql.
 */
function curlDownload(
  url: string,
  cookie: string,
): Promise<Omit<Download, 'rssGrowthMb' | 'cpuSeconds'>> {
  const start = performance.now();
  const curl = spawn('curl', [
    '-sf',
    '-o',
    '/dev/null',
    '-H',
    `cookie: ${cookie}`,
    '-w',
    '%{time_starttransfer} %{size_download}',
    url,
  ]);
  let out = '';
  curl.stdout.on('data', (b: Buffer) => (out += b));
  return new Promise((done, fail) => {
    curl.on('error', fail);
    curl.on('close', (code) => {
      if (code !== 0) return fail(new Error(`curl exited with ${code}`));
      const [firstByte, bytes] = out.trim().split(' ').map(Number);
      const seconds = (performance.now() - start) / 1000;
      done({ seconds, firstByteMs: firstByte! * 1000, bytes: bytes!, lines: 0 });
    });
  });
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
    await checkDownload(`${app.url}/api/contacts/export/csv?ids=1`, cookie);
    // Each export checked once, untimed: every row there, so the timed runs only count bytes.
    const sizes: number[] = [];
    for (const [i, c] of CASES.entries()) {
      const checked = await checkDownload(`${app.url}/api/contacts/export/csv${c.query}`, cookie);
      if (checked.lines !== counts[i]! + 1) throw new Error(`${c.label}: ${checked.lines} lines`);
      sizes.push(checked.bytes);
    }

    const results = CASES.map(() => ({ psql: [] as number[], app: [] as Download[] }));
    const rounds: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      rounds.push(loadavg()[0]!);
      for (const [i, c] of CASES.entries()) {
        const psqlSeconds = psqlCopy(dbUrl, c.where);
        const url = `${app.url}/api/contacts/export/csv${c.query}`;
        const got = await measured(pid, () => curlDownload(url, cookie));
        if (got.bytes !== sizes[i])
          throw new Error(`${c.label}: ${got.bytes} bytes, not ${sizes[i]}`);
        results[i]!.psql.push(psqlSeconds);
        results[i]!.app.push(got);
        console.log(
          `round ${round} ${c.label}: psql ${psqlSeconds.toFixed(2)} s, app ${got.seconds.toFixed(2)} s ` +
            `(ratio ${(psqlSeconds / got.seconds).toFixed(2)}, first byte ${got.firstByteMs.toFixed(0)} ms, ` +
            `app CPU ${got.cpuSeconds.toFixed(2)} s, RSS +${got.rssGrowthMb.toFixed(0)} MB, ` +
            `${(got.bytes / MB).toFixed(0)} MB, load ${loadavg()[0]!.toFixed(1)})`,
        );
      }
    }

    const range = (xs: number[], digits: number) =>
      `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;
    const rows = CASES.map((c, i) => {
      const { psql, app: runs } = results[i]!;
      const ratios = runs.map((r, k) => psql[k]! / r.seconds);
      const of = (pick: (r: Download) => number, digits: number) =>
        `${median(runs.map(pick)).toFixed(digits)} (${range(runs.map(pick), digits)})`;
      return (
        `| ${c.query || '(none)'} | ${fmt(counts[i]!)} | ${(sizes[i]! / MB).toFixed(0)} | ` +
        `${median(psql).toFixed(2)} (${range(psql, 2)}) | ${of((r) => r.seconds, 2)} | ` +
        `**${median(ratios).toFixed(2)}** (${range(ratios, 2)}) | ${of((r) => r.firstByteMs, 0)} | ` +
        `${of((r) => r.cpuSeconds, 2)} | ${of((r) => r.rssGrowthMb, 0)} |`
      );
    });
    const loads = rounds.map((l) => l.toFixed(1)).join(', ');
    const body = [
      `${fmt(ROWS)} contacts (seeded by bench/seed-contacts.ts, then VACUUM ANALYZE), every column, in id order. ${ROUNDS} rounds, each running psql's COPY and then the app's export for every query; medians, with the range over the rounds in brackets. The ratio is psql's seconds over the app's within the same round (>= 1: the app is as fast as PostgreSQL's own COPY). 1-minute load average at the start of each round: ${loads}.`,
      '',
      '| query | rows | MB | psql COPY s | app s | ratio | first byte ms | app CPU s | app RSS growth MB |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      "psql runs `copy (select * from contacts where <the WHERE the app builds for the query> order by id) to stdout with (format csv, header true)` into /dev/null, and curl reads the app into /dev/null (first byte: curl's time_starttransfer); both timed from start to exit. Budgets: ratio >= 0.8, first byte < 200 ms, RSS growth < 50 MB.",
      '',
      "How: the app runs the same kind of COPY on a connection of its pool (pg-copy-streams; the filter inlined as escaped literals; jit and parallel workers off for it) and its own parser of the COPY messages feeds the rows' bytes to a byte-level rewrite (src/server/contacts/contacts-export-rewrite.ts) that applies the formula rule to every cell, quotes cells holding ';' or a tab, and turns the timestamps into ISO 8601 UTC, in ~128 KB pieces written to the response with backpressure. PostgreSQL then does what its own COPY does (its backend is the bottleneck: ~1.1 s of CPU per 1,000,000 rows here), the app process spends ~0.8-1.0 s beside it and curl ~0.2 s (psql ~0.35 s): on an idle 2-core machine the export keeps pace with psql, but it needs the second core, so its ratio drops when other work holds one (the app's CPU time stays put): at a 1-minute load average of 2.3-3.9 on 2026-11-25, two runs of this bench measured every contact at 0.51-0.64x, status=qualified at 0.69-0.84x and search=smith at 0.88-1.13x, psql's own times barely moving.",
      '',
      "Tried and measured: the same rules inside PostgreSQL came to 0.5x of the COPY (psql, same run: a per-cell `CASE` testing `strpos`/`ascii` before `regexp_replace`, plus `to_char` for the timestamps, 3.1-3.9 s against 1.7-2.1 s; `regexp_replace` on every text cell 12.6-13.0 s; `to_char` alone 0.4 µs per timestamp). pg-copy-streams' own parser makes a Buffer view per row; in the app's heap that plus the socket's read buffers, freed only by full collections, meant ~10 mark-compacts per 1,000,000 rows, 1.5-2.0 s of app CPU and +70 MB RSS; reading the messages in place and releasing each socket chunk once read (ArrayBuffer#transfer) brought that to 0.8-0.9 s and a few MB. The previous export (keyset batches of 1,000 with plain `pg`, every cell formatted in JavaScript) measured 7.78 s against psql's 1.54 s: 0.20x, RSS growth 86 MB.",
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
