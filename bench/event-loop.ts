// Event-loop stalls under hostile input: the real server (startServer, in this process) on a
// private PostgreSQL gets every REST operation's largest request filled with each hostile pattern
// (src/server/test/hostile-input.ts), one field at a time and all at once, and the loop delay is
// recorded for the whole run and per operation. `--write` rewrites docs/BENCHMARKS.md's
// "Event loop under hostile input" section. Run on an older commit (copy this file and
// hostile-input.ts there) for the "before" column.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';
import { apiOperations, hostileRequest, HOSTILE_PATTERNS } from '../src/server/test/hostile-input';
import { writeBenchmarkSection } from './bench-doc';
import { startPrivatePostgres } from '../src/server/test/private-postgres';

const ADMIN = { username: 'loopbench', password: 'loop-bench-password-1' };

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Row {
  operation: string;
  requests: number;
  maxMs: number;
  worst: string;
}

const db = await startPrivatePostgres('event-loop');
const config = loadConfig({
  DATABASE_URL: db.url,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  SESSION_SECRET: 'b'.repeat(40),
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
});
const app = await startServer(config, undefined, true, () => {});
const each = monitorEventLoopDelay({ resolution: 1 });
const rows: Row[] = [];
/** The longest stall while the server handled each request (the bench's own body building excluded). */
const stalls: number[] = [];
try {
  let cookie = await signIn(app.url);
  // Every body must reach validation and the content filter, not stop at the rate limit or bot check.
  await fetch(`${app.url}/api/security/settings`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      rateLimitEnabled: false,
      honeypotEnabled: true,
      botDetectionEnabled: false,
      suspiciousContentFiltering: true,
      maxSubmissionsPerHour: 100,
      minFormFillTime: 3,
    }),
  });
  each.enable();
  for (const op of apiOperations()) {
    const row: Row = { operation: `${op.method} ${op.path}`, requests: 0, maxMs: 0, worst: '' };
    const variants = [undefined, ...(op.bodyFields.includes('csvData') ? [] : op.bodyFields)];
    for (const [name, pattern] of Object.entries(HOSTILE_PATTERNS)) {
      for (const only of variants) {
        const req = hostileRequest(op, pattern, only);
        await new Promise((done) => setImmediate(done));
        each.reset();
        const res = await fetch(`${app.url}${req.url}`, {
          method: req.method,
          headers: { cookie, ...(req.body ? { 'content-type': 'application/json' } : {}) },
          body: req.body,
        });
        const stall = each.max / 1e6;
        await res.arrayBuffer();
        row.requests++;
        stalls.push(stall);
        if (stall > row.maxMs) {
          row.maxMs = stall;
          row.worst = only ? `${name} in ${only}` : name;
        }
        if (op.path === '/auth/logout' || op.path.startsWith('/users'))
          cookie = await signIn(app.url);
      }
    }
    rows.push(row);
    console.log(
      `${row.operation}: ${row.requests} requests, max stall ${row.maxMs.toFixed(1)} ms (${row.worst})`,
    );
  }
} finally {
  each.disable();
  await app.stop();
  await db.destroy();
}

const sorted = [...stalls].sort((a, b) => a - b);
const requests = sorted.length;
const p50 = sorted[Math.floor(requests * 0.5)] ?? 0;
const p99 = sorted[Math.min(requests - 1, Math.floor(requests * 0.99))] ?? 0;
const max = sorted[requests - 1] ?? 0;
console.log(
  `\n${requests} requests; longest stall per request p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
);

/** `--before=p50,p99,max` (ms) from a run of this bench on the older commit, for the table. */
const before = process.argv
  .find((a) => a.startsWith('--before='))
  ?.slice('--before='.length)
  .split(',')
  .map((v) => `${v} ms`) ?? ['not measured', 'not measured', 'not measured'];

if (process.argv.includes('--write')) {
  const worst = [...rows].sort((a, b) => b.maxMs - a.maxMs).slice(0, 6);
  writeBenchmarkSection(
    'Event loop under hostile input',
    `\`npm run bench:event-loop\` (bench/event-loop.ts): the production server in-process on a private PostgreSQL (rate limit and bot check off so every body reaches validation and the content filter); every REST operation (${rows.length}) gets its largest accepted request with each of ${Object.keys(HOSTILE_PATTERNS).length} hostile patterns (email backtracking, slash and whitespace runs, link/anchor prefixes, consonant runs, zero-width and full-width text, formula cells), in every field at once and in each field alone; ${requests} requests, one at a time. Delay sampled at 1 ms resolution.

Longest event-loop stall while one request was served, over all requests:

| | p50 | p99 | max |
| --- | ---: | ---: | ---: |
| after (this commit) | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms | ${max.toFixed(1)} ms |
| before (cddff6a, same bench) | ${before.join(' | ')} |

Worst operations after the fix:

| operation | requests | longest stall | input |
| --- | ---: | ---: | --- |
${worst.map((r) => `| ${r.operation} | ${r.requests} | ${r.maxMs.toFixed(1)} ms | ${r.worst} |`).join('\n')}
`,
  );
}
