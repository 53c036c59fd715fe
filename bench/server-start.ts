// Server start: spawn to the first answer of GET /api/health, and idle memory 3 s later, for the
// built server (`npm run serve`), the same sources through tsx (how it started before the build
// step), and a bare Express server answering the same path (the floor). Same database, in turn.
//   npm run bench:start            (writes "Server start" in docs/BENCHMARKS.md)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { freePort } from '../src/server/free-port';
import { serverArgs } from './app-instance';
import { createDatabase, dropDatabase } from '../src/server/test/pg-admin';
import { machine, writeBenchmarkSection } from './bench-doc';

const RUNS = 7;
const BARE_EXPRESS = `import express from 'express';
const app = express();
app.get('/api/health', (_req, res) => res.json({ status: 'ok' }));
app.listen(Number(process.env.PORT), '127.0.0.1');`;

interface Start {
  readyMs: number;
  rssMb: number;
}

async function measure(args: string[], env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 3000));
  const rssKb = Number(
    /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1],
  );
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  return { readyMs, rssMb: rssKb / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const builtServer = serverArgs();
const name = `convoza_bench_start_${randomBytes(4).toString('hex')}`;
const databaseUrl = await createDatabase(name);
const env = {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: 'bench-session-secret-of-32-chars-or-more',
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
};
const kinds = {
  'built server (`npm run serve`)': builtServer,
  "the build under Node's --enable-source-maps (every map parsed as its file loads)": [
    '--enable-source-maps',
    ...builtServer,
  ],
  'the sources through tsx (before)': ['--import', 'tsx', 'src/server/main.ts'],
  'bare Express (floor)': ['--input-type=module', '-e', BARE_EXPRESS],
} as const;
const results = new Map<string, Start[]>(Object.keys(kinds).map((k) => [k, []]));
try {
  await measure(builtServer, env); // migrates the new database and fills the compile cache
  for (let run = 0; run < RUNS; run++)
    for (const [kind, args] of Object.entries(kinds))
      results.get(kind)!.push(await measure([...args], env));
} finally {
  await dropDatabase(name);
}
const rows = [...results].map(([kind, starts]) => ({
  kind,
  ready: median(starts.map((s) => s.readyMs)),
  rss: median(starts.map((s) => s.rssMb)),
}));
const floor = rows.at(-1)!;
const md = `\`npm run bench:start\` (bench/server-start.ts), ${machine()}. Each server is spawned ${RUNS} times in turn on the same migrated database (production mode); "ready" is spawn to the first 200 from \`GET /api/health\` (polled every 10 ms), "idle RSS" is read 3 s later. Medians.

| Server | Ready | Idle RSS | vs bare Express |
| --- | ---: | ---: | ---: |
${rows.map((r) => `| ${r.kind} | ${r.ready.toFixed(0)} ms | ${r.rss.toFixed(0)} MB | ${(r.ready / floor.ready).toFixed(1)}× / ${(r.rss / floor.rss).toFixed(1)}× |`).join('\n')}

Goal: the built server ready in under 400 ms, idle RSS under 120 MB: ${rows[0]!.ready < 400 && rows[0]!.rss < 120 ? 'met' : `**not met** (${rows[0]!.ready.toFixed(0)} ms, ${rows[0]!.rss.toFixed(0)} MB)`}. The build (scripts/build-server.ts) bundles the packages (one file to load instead of ~1,500 modules) as ASCII (V8 keeps a loaded file's text at one byte per character then, two otherwise), takes node:http through require() (its ES module facade loads Node's fetch), and keeps source maps for the app's own code only; stack traces read a map when they first need it (src/server/source-mapped-stacks.ts). The entry turns on Node's compile cache; the database schema and the job queue start side by side, and a start with nothing to migrate does not load the migrator's files.`;
console.log(md);
if (process.argv.includes('--write')) writeBenchmarkSection('Server start', md);
