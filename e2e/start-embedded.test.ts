// The newcomer's path: no DATABASE_URL, a fresh DATA_DIR. The built app must start on the
// embedded PostgreSQL, print the first admin, seed demo data and serve the site.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const port = 39000 + Math.floor(Math.random() * 1000);
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'convoza-start-'));
let output = '';
let child: ReturnType<typeof spawn>;

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
  };
  for (const key of [
    'DATABASE_URL',
    'ADMIN_USERNAME',
    'ADMIN_PASSWORD',
    'SEED_DEMO',
    'SESSION_SECRET',
  ])
    delete env[key];
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(output);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* still starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`did not start:\n${output}`);
});

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on a fresh machine (embedded PostgreSQL)', () => {
  it('answers /api/health with 200', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('prints the first admin and lets it sign in to see the demo data', async () => {
    const password = /password: (\S+)/.exec(output)?.[1];
    expect(output).toContain('username: admin');
    expect(password).toBeTruthy();
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const contacts = (await (
      await fetch(`${url}/api/contacts`, { headers: { cookie } })
    ).json()) as unknown[];
    expect(contacts.length).toBeGreaterThan(0);
  });

  it('serves the prerendered home page, the admin login shell, and a 404', async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<h1[^>]*>/);
    const login = await fetch(`${url}/admin/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<div id="root">');
    expect((await fetch(`${url}/no-such-page`)).status).toBe(404);
  });
});
