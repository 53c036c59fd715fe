// Home-page latency during a sign-in flood: the production server (a separate process, built
// frontend) on a private PostgreSQL; 32 connections sign in without pause, each attempt under a
// fresh name from a fresh address (so no throttle stops it: every attempt costs a password hash),
// while one client fetches the home page every 20 ms. `--write` rewrites the "Sign-in flood"
// section of docs/BENCHMARKS.md; `--before-dir=<worktree>` measures an older checkout the same
// way for the before column (build it first: `npm run build` there).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startAppInstance } from './app-instance';
import { writeBenchmarkSection } from './bench-doc';
import { startPrivatePostgres } from '../src/server/test/private-postgres';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PARALLEL = Number(arg('parallel') ?? 32);
const SECONDS = Number(arg('seconds') ?? 15);

interface FloodResult {
  home: { p50: number; p99: number; max: number; samples: number };
  signIns: Record<string, number>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(cwd: string, flood: boolean): Promise<FloodResult> {
  if (!existsSync(join(cwd, 'dist/client/home/index.html')))
    throw new Error(`no build in ${cwd}: run npm run build there first`);
  const db = await startPrivatePostgres('signin-flood');
  const app = await startAppInstance(db.url, { cwd });
  const signIns: Record<string, number> = {};
  let running = flood;
  let n = 0;
  const attacker = async () => {
    while (running) {
      const i = n++;
      const res = await fetch(`${app.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ username: `guess-${i}`, password: 'not-the-password' }),
      }).catch(() => null);
      const key = String(res?.status ?? 'error');
      signIns[key] = (signIns[key] ?? 0) + 1;
      await res?.arrayBuffer().catch(() => undefined);
    }
  };
  const attackers = flood ? Array.from({ length: PARALLEL }, attacker) : [];
  try {
    await new Promise((done) => setTimeout(done, 1000)); // let the flood build up
    const latencies: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${app.url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`home page answered ${res.status}`);
      latencies.push(performance.now() - started);
      await new Promise((done) => setTimeout(done, 20));
    }
    const sorted = latencies.sort((a, b) => a - b);
    return {
      home: {
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: sorted[sorted.length - 1] ?? 0,
        samples: sorted.length,
      },
      signIns,
    };
  } finally {
    running = false;
    await Promise.all(attackers);
    await app.stop();
    await db.destroy();
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const line = (name: string, r: FloodResult) =>
  `| ${name} | ${ms(r.home.p50)} | ${ms(r.home.p99)} | ${ms(r.home.max)} | ${r.home.samples} | ${
    Object.entries(r.signIns)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ') || 'none'
  } |`;

const rows: string[] = [];
const quiet = await measure(resolve('.'), false);
rows.push(line('this commit, no flood', quiet));
const after = await measure(resolve('.'), true);
rows.push(line(`this commit, ${PARALLEL} parallel sign-ins`, after));
const beforeDir = arg('before-dir');
if (beforeDir) {
  const commit = execSync('git rev-parse --short HEAD', { cwd: beforeDir }).toString().trim();
  const before = await measure(resolve(beforeDir), true);
  rows.push(line(`before (${commit}), ${PARALLEL} parallel sign-ins`, before));
}
for (const row of rows) console.log(row);

if (process.argv.includes('--write')) {
  writeBenchmarkSection(
    'Sign-in flood',
    `\`npm run bench:signin\` (bench/signin-flood.ts): the production server as its own process (built frontend, private PostgreSQL, \`TRUST_PROXY=loopback\`). ${PARALLEL} connections sign in without pause, each attempt under a fresh name from a fresh address, so no throttle stops it and every attempt costs a scrypt hash (N=2^15, ~32 MiB); meanwhile one client fetches the home page every 20 ms for ${SECONDS} s. Goal: home page p99 under 100 ms.

| run | home p50 | home p99 | home max | samples | sign-in answers |
| --- | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}

Hashes run two at a time with sixteen waiting (src/server/auth/hash-queue.ts); a sign-in beyond that is answered at once with 503 and Retry-After: 2, which keeps libuv's thread pool free for the static files every page needs.`,
  );
}
