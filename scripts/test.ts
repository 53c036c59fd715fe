// The one test command (`npm test`): finds a PostgreSQL (TEST_PG_ADMIN_URL, the local server,
// or an embedded one), builds the client, runs the unit/server and browser suites, and ends
// with a line `N passed, N failed` summing every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { startEmbeddedDatabase } from '../src/server/db/embedded';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

let adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let stopEmbedded: (() => Promise<void>) | undefined;
if (!(await reachable(adminUrl))) {
  console.log('No PostgreSQL at', adminUrl, '- starting an embedded one for the tests');
  const db = await startEmbeddedDatabase('.data/test', console.log);
  adminUrl = db.url.replace(/\/convoza$/, '/postgres');
  stopEmbedded = db.stop;
}
const env = { ...process.env, TEST_PG_ADMIN_URL: adminUrl, NODE_ENV: 'test' };
const only = process.argv[2]; // optional: "unit" or "e2e"

function run(cmd: string, args: string[], runEnv: NodeJS.ProcessEnv = env): number {
  return spawnSync(cmd, args, { stdio: 'inherit', env: runEnv }).status ?? 1;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}
function results(file: string): VitestJson {
  if (!existsSync(file)) return { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0 };
  return JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
}

const suites: { name: string; config: string; json: string }[] = [];
if (only !== 'e2e') {
  suites.push({ name: 'unit', config: 'vitest.config.ts', json: '.data/vitest-unit.json' });
  // Wall-clock measurements, alone on the machine (see vitest.config.ts).
  suites.push({
    name: 'timing',
    config: 'vitest.timing.config.ts',
    json: '.data/vitest-timing.json',
  });
}
if (only !== 'unit')
  suites.push({ name: 'e2e', config: 'vitest.e2e.config.ts', json: '.data/vitest-e2e.json' });

let passed = 0;
let failed = 0;
let skipped = 0;
if (suites.some((s) => s.name === 'e2e')) {
  // The browser tests run against the production bundle: under NODE_ENV=test Vite would build
  // React's development runtime, whose chunks (and so what a public page loads) differ.
  if (run('npm', ['run', 'build'], { ...env, NODE_ENV: 'production' }) !== 0) failed += 1;
}
for (const suite of suites) {
  rmSync(suite.json, { force: true });
  run('npx', [
    'vitest',
    'run',
    '--config',
    suite.config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${suite.json}`,
  ]);
  const r = results(suite.json);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests;
}
await stopEmbedded?.();
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
