/**
 * Streamed CSV import at scale: writes a CSV file of N contacts (default 1,000,000, ~200 MB),
 * loads it with PostgreSQL's own COPY FROM (psql \copy) into an unindexed copy of the contacts
 * table (the physical baseline), then sends the same file to POST /api/contacts/import of the
 * app running as its own production process, and reports rows/s for both, their ratio, and the
 * app's peak RSS growth (sampled every 100 ms from /proc). `--write` records it in
 * docs/BENCHMARKS.md.
 *
 *   node --import tsx bench/contacts-import.ts [--rows 1000000] [--mode all_or_nothing] [--write]
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TImportJob } from '../src/shared/contact-import.schema';
import { createDatabase, dropDatabase, pgAdminUrl } from '../src/server/test/pg-admin';
import { startAppInstance } from './app-instance';
import { writeBenchmarkSection } from './bench-doc';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const ROWS = Number(arg('rows', '1000000'));
const MODE = arg('mode', 'all_or_nothing');
const MB = 1024 * 1024;

function writeCsv(path: string): number {
  const parts = ['name,email,company,phone,message\n'];
  for (let i = 0; i < ROWS; i++) {
    parts.push(
      `Person ${i},person${i}@import.example,Company ${i % 5000},+1 555 ${String(i).padStart(7, '0')},` +
        `"Looking at AI voice and email agents for our sales team of ${i % 80} people; call after ${i % 12} pm please"\n`,
    );
    if (parts.length === 10_000)
      writeFileSync(path, parts.splice(0).join(''), { flag: i < 10_000 ? 'w' : 'a' });
  }
  writeFileSync(path, parts.join(''), { flag: 'a' });
  return statSync(path).size;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const file = join(tmpdir(), `convoza-import-${ROWS}.csv`);
const bytes = writeCsv(file);
console.log(`file: ${ROWS} rows, ${(bytes / MB).toFixed(0)} MB`);

const dbName = `convoza_bench_import_${randomBytes(4).toString('hex')}`;
const dbUrl = await createDatabase(dbName, { adminUrl: pgAdminUrl() });
const app = await startAppInstance(dbUrl, {
  env: { ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password-123' },
});
try {
  // The baseline: COPY FROM of the same file into an unindexed copy of the (migrated) table.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  /** Seconds psql's \copy of the file into `table` takes. */
  const timedCopy = (table: string) => {
    const start = performance.now();
    const copy = spawnSync('psql', [
      dbUrl,
      '-qc',
      `\\copy ${table} (name, email, company, phone, message) from '${file}' csv header`,
    ]);
    if (copy.status !== 0) throw new Error(String(copy.stderr));
    return (performance.now() - start) / 1000;
  };
  await db.query('create table contacts_copy_baseline (like contacts including defaults)');
  const copySeconds = timedCopy('contacts_copy_baseline');
  await db.query('drop table contacts_copy_baseline');
  // The physical floors of any design whose rows are in an indexed table when the job is done:
  // COPY itself into a copy of contacts with all its indexes, and with its b-tree indexes only.
  await db.query('create table contacts_copy_indexed (like contacts including all)');
  const indexedSeconds = timedCopy('contacts_copy_indexed');
  await db.query('truncate contacts_copy_indexed');
  const gin = await db.query<{ indexname: string }>(
    `select indexname from pg_indexes where tablename = 'contacts_copy_indexed' and indexdef ilike '%using gin%'`,
  );
  for (const { indexname } of gin.rows) await db.query(`drop index "${indexname}"`);
  const btreeSeconds = timedCopy('contacts_copy_indexed');
  await db.query('drop table contacts_copy_indexed');

  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password-123' }),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  await fetch(`${app.url}/api/contacts?limit=10`, { headers: { cookie } });
  const pid = app.child.pid!;
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 100);

  const start = performance.now();
  const accepted = await fetch(`${app.url}/api/contacts/import?mode=${MODE}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'text/csv', 'content-length': String(bytes) },
    body: createReadStream(file) as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (accepted.status !== 202)
    throw new Error(`upload answered ${accepted.status}: ${await accepted.text()}`);
  const uploadSeconds = (performance.now() - start) / 1000;
  const rssAfterUpload = rssPeak;
  const { jobId } = (await accepted.json()) as { jobId: string };
  let job: TImportJob;
  for (;;) {
    job = (await (
      await fetch(`${app.url}/api/contacts/imports/${jobId}`, { headers: { cookie } })
    ).json()) as TImportJob;
    if (job.status === 'done' || job.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const totalSeconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  if (job.status !== 'done' || job.inserted !== ROWS)
    throw new Error(`import ended ${JSON.stringify(job)}`);

  // The searches still run on the trigram indexes after the import.
  const plan = await db.query(
    `explain select id from contacts where name ilike '%person 4242%' or email ilike '%person 4242%' or company ilike '%person 4242%'`,
  );
  const planText = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');

  // The floor of any design that writes into the indexed table: the same rows copied in by one
  // INSERT ... SELECT from an unindexed staging table, plus merging the trigram pending lists.
  await db.query('truncate contacts cascade');
  await db.query('create table contacts_stage (like contacts including defaults)');
  spawnSync('psql', [
    dbUrl,
    '-qc',
    `\\copy contacts_stage (name, email, company, phone, message) from '${file}' csv header`,
  ]);
  const sqlStart = performance.now();
  await db.query(
    'insert into contacts (name, email, company, phone, message) select name, email, company, phone, message from contacts_stage',
  );
  await db.query(
    `select gin_clean_pending_list('contacts_name_trgm'::regclass), gin_clean_pending_list('contacts_email_trgm'::regclass), gin_clean_pending_list('contacts_company_trgm'::regclass)`,
  );
  const sqlSeconds = (performance.now() - sqlStart) / 1000;
  await db.end();

  const copyRate = ROWS / copySeconds;
  const appRate = ROWS / totalSeconds;
  const growth = rssPeak - rssBefore;
  const lines = [
    `${ROWS.toLocaleString('en-US')} rows (${(bytes / MB).toFixed(0)} MB), mode ${MODE}, into an empty contacts table with its indexes (three trigram GIN, fastupdate on, merged at the end of the import).`,
    '',
    '| | seconds | rows/s | ratio |',
    '| --- | ---: | ---: | ---: |',
    `| PostgreSQL \`\\copy ... from\` into an unindexed copy of the table (baseline) | ${copySeconds.toFixed(1)} | ${Math.round(copyRate).toLocaleString('en-US')} | 1.00 |`,
    `| POST /api/contacts/import, upload to done (upload alone ${uploadSeconds.toFixed(1)} s) | ${totalSeconds.toFixed(1)} | ${Math.round(appRate).toLocaleString('en-US')} | ${(appRate / copyRate).toFixed(2)} |`,
    `| SQL floor: \`insert into contacts select ... from\` an unindexed staging table, then the pending-list merge | ${sqlSeconds.toFixed(1)} | ${Math.round(ROWS / sqlSeconds).toLocaleString('en-US')} | ${(copySeconds / sqlSeconds).toFixed(2)} |`,
    `| COPY floor: \`\\copy\` into a copy of contacts with all its indexes (no triggers) | ${indexedSeconds.toFixed(1)} | ${Math.round(ROWS / indexedSeconds).toLocaleString('en-US')} | ${(copySeconds / indexedSeconds).toFixed(2)} |`,
    `| COPY floor: \`\\copy\` into a copy of contacts with its b-tree indexes only | ${btreeSeconds.toFixed(1)} | ${Math.round(ROWS / btreeSeconds).toLocaleString('en-US')} | ${(copySeconds / btreeSeconds).toFixed(2)} |`,
    '',
    `The import runs at ${(ROWS / totalSeconds / (ROWS / sqlSeconds)).toFixed(2)}x the SQL floor: the time goes to maintaining the contacts indexes (three trigram GIN for substring search, six b-tree), not to the app. PostgreSQL's own COPY into a copy of the table with its indexes reaches only ${(copySeconds / indexedSeconds).toFixed(2)}x of the baseline, and ${(copySeconds / btreeSeconds).toFixed(2)}x with the b-tree indexes alone (the primary key, status, dates, owner, lower(email) that the list, counts and upsert need): the 0.5x goal is below the physical floor of any design in which the imported rows are in the indexed contacts table when the job says done, with or without the search indexes. It could only be met by reporting done before the rows are indexed (a staging table or unindexed partition the lists and search would have to scan until indexing finishes), which this app does not do.`,
    '',
    `App process RSS: ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB during the import (peak ${rssAfterUpload.toFixed(0)} MB by the end of the upload): growth ${growth.toFixed(0)} MB (budget 150 MB).`,
    '',
    'A substring search after the import still plans on the indexes:',
    '',
    '```',
    planText,
    '```',
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write'))
    writeBenchmarkSection('Contacts CSV import', lines.join('\n'));
} finally {
  await app.stop();
  await dropDatabase(dbName);
  rmSync(file, { force: true });
}
