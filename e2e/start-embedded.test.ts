// The newcomer's path: no DATABASE_URL, a fresh DATA_DIR. The built app must start on the
// embedded PostgreSQL, print the first admin, seed demo data and serve the site.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsPrintedAdmin, startAsNewcomer, type NewcomerApp } from './support/newcomer-start';

const dataDir = mkdtempSync(join(tmpdir(), 'convoza-start-'));
let app: NewcomerApp;

beforeAll(async () => {
  app = await startAsNewcomer(process.cwd(), { DATA_DIR: dataDir });
});

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on a fresh machine (embedded PostgreSQL)', () => {
  it('answers /api/health with 200', async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('prints the first admin and lets it sign in to see the demo data', async () => {
    expect(app.output()).toContain('username: admin');
    const cookie = await signInAsPrintedAdmin(app);
    const contacts = (await (
      await fetch(`${app.url}/api/contacts`, { headers: { cookie } })
    ).json()) as unknown[];
    expect(contacts.length).toBeGreaterThan(0);
  });

  it('serves the prerendered home page, the admin login shell, and a 404', async () => {
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<h1[^>]*>/);
    const login = await fetch(`${app.url}/admin/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<div id="root">');
    expect((await fetch(`${app.url}/no-such-page`)).status).toBe(404);
  });
});
