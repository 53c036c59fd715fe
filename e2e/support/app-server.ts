// Starts the BUILT app (npm run build first; scripts/test.ts does) on a private database
// cloned from the migrated test template, with a known admin, for browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDatabase, databaseUrl, dropDatabase } from '../../src/server/test/pg-admin';
import { templateDb } from '../../src/server/test/template-db';
import { freePort } from '../../src/server/free-port';
import { BUILT_SERVER_ARGS } from '../../src/server/runtime';

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };

export interface AppServer {
  url: string;
  databaseName: string;
  databaseUrl: string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash or an OOM kill would: nothing is flushed, the database stays. */
  crash: () => Promise<void>;
  /** SIGTERM, as an orchestrator stops an instance: resolves with the exit code; the database stays. */
  terminate: () => Promise<number | null>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export async function startAppServer(
  options: {
    seedDemo?: boolean;
    env?: Record<string, string>;
    /** Start on this existing database (e.g. after a crash) instead of a fresh clone. */
    databaseName?: string;
  } = {},
): Promise<AppServer> {
  const name = options.databaseName ?? `convoza_e2e_${randomBytes(4).toString('hex')}`;
  const dbUrl = options.databaseName
    ? databaseUrl(name)
    : await createDatabase(name, { template: templateDb() });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, BUILT_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: options.seedDemo ? '1' : '0',
      LOG_LEVEL: 'warn',
      // stop() sends SIGTERM: no load balancer to wait for.
      SHUTDOWN_DELAY_SECONDS: '0',
      // The erasure ledger's file belongs to the database (a restart on it finds its own).
      PRIVACY_LEDGER_PATH: join(tmpdir(), `convoza-e2e-ledger-${name}.jsonl`),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    databaseName: name,
    databaseUrl: dbUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await dropDatabase(name);
    },
    exited,
    terminate: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Signs in as the e2e admin over REST; the session cookie to send with later requests. */
export async function adminCookie(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

/** Signs in as the e2e admin: a fetch of `/api` paths with that session (JSON bodies). */
export async function adminApi(
  url: string,
): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
  const cookie = await adminCookie(url);
  return (method, path, body) =>
    fetch(`${url}/api${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}
