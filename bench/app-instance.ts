/** The app as a separate production process, as benches run it (one start-up for every bench). */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../src/server/free-port';
import { BUILT_SERVER_ARGS } from '../src/server/runtime';

const built = new Set<string>();

/**
 * The server as `npm run serve` runs it, compiled from the checkout's sources once per bench
 * process (about a second), so a bench never measures a stale build. An older checkout without
 * the server build runs its sources through tsx, as it did then.
 */
export function serverArgs(cwd = process.cwd()): string[] {
  if (!existsSync(join(cwd, 'scripts/build-server.ts')))
    return ['--import', 'tsx', 'src/server/main.ts'];
  if (!built.has(cwd)) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd });
    built.add(cwd);
  }
  return BUILT_SERVER_ARGS;
}

export interface AppInstance {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts the server of the checkout in `cwd` (this one by default, or an older commit's
 * worktree for "before" figures) in production mode behind a trusted loopback proxy, and resolves
 * once /api/health answers.
 */
export async function startAppInstance(
  databaseUrl: string,
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<AppInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(options.cwd ?? process.cwd()), {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'bench-session-secret-of-32-chars-or-more',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'error',
      SEED_DEMO: '0',
      SHUTDOWN_DELAY_SECONDS: '0',
      ...options.env,
      // e.g. APP_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the app under a bench.
      NODE_OPTIONS: process.env.APP_NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('app instance exited during start-up');
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child, stop };
    if (i > 300) throw new Error('app instance did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}
