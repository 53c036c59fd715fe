/** The app as a separate production process, as benches run it (one start-up for every bench). */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../src/server/free-port';

export interface AppInstance {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts `src/server/main.ts` of the checkout in `cwd` (this one by default, or an older commit's
 * worktree for "before" figures) in production mode behind a trusted loopback proxy, and resolves
 * once /api/health answers.
 */
export async function startAppInstance(
  databaseUrl: string,
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<AppInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
      ...options.env,
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
