// Runs the built app as a newcomer does (`npm start` after the build): no DATABASE_URL, so on the
// embedded PostgreSQL, with the first admin printed to the output.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/server/free-port';
import { BUILT_SERVER_ARGS } from '../../src/server/runtime';

export interface NewcomerApp {
  url: string;
  /** Everything the app printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startAsNewcomer(
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<NewcomerApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    SHUTDOWN_DELAY_SECONDS: '0',
    ...env,
  };
  for (const key of [
    'DATABASE_URL',
    'ADMIN_USERNAME',
    'ADMIN_PASSWORD',
    'SEED_DEMO',
    'SESSION_SECRET',
  ])
    delete childEnv[key];
  const child: ChildProcess = spawn(process.execPath, BUILT_SERVER_ARGS, {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, output: () => output, stop };
    } catch {
      /* still starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`did not start:\n${output}`);
}

/** Signs in with the first-admin password the app printed and returns the session cookie. */
export async function signInAsPrintedAdmin(app: NewcomerApp): Promise<string> {
  const password = /password: (\S+)/.exec(app.output())?.[1];
  if (!password) throw new Error(`no first-admin password printed:\n${app.output()}`);
  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}
