import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TAnalyticsSummary } from '../shared/analytics.schema';
import { loadConfig } from './config';
import { startServer, type RunningServer } from './server';
import { createDatabase, dropDatabase, queryRows } from './test/pg-admin';
import { Client } from './test-app';

const databases: string[] = [];
const dirs: string[] = [];
let running: RunningServer | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});
afterAll(async () => {
  for (const name of databases) await dropDatabase(name);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A brand-new, empty database on the test server: no tables at all. */
async function emptyDatabase(): Promise<string> {
  const name = `convoza_srv_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(name);
  databases.push(name);
  return url;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'convoza-server-'));
  dirs.push(dir);
  return dir;
}

function config(env: Record<string, string>) {
  return loadConfig(
    { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: tempDir(), ...env },
    join(tempDir(), '.env'),
  );
}

async function start(
  env: Record<string, string>,
  print: (line: string) => void = () => {},
): Promise<RunningServer> {
  running = await startServer(config(env), undefined, true, print);
  return running;
}

async function signIn(url: string, username: string, password: string): Promise<Client> {
  const client = new Client(url);
  const res = await client.rest('POST', '/auth/login', { username, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

describe('startServer on DATABASE_URL', () => {
  it('migrates an empty database, creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD, seeds nothing, answers health', async () => {
    const url = await emptyDatabase();
    const printed: string[] = [];
    const server = await start(
      { DATABASE_URL: url, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-pass-1' },
      (l) => printed.push(l),
    );

    const tables = (
      await queryRows<{ tablename: string }>(
        url,
        "select tablename from pg_tables where schemaname = 'public'",
      )
    ).map((r) => r.tablename);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'contacts',
        'service_inquiries',
        'campaigns',
        'sessions',
        'mikro_orm_migrations',
      ]),
    );
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const admin = await signIn(server.url, 'owner', 'owner-pass-1');
    expect((await admin.rest<{ role: string }>('GET', '/auth/me')).body.role).toBe('admin');
    const summary = (await admin.rest<TAnalyticsSummary>('GET', '/analytics')).body;
    expect(summary).toMatchObject({
      totalContacts: 0,
      totalCampaigns: 0,
      totalServiceInquiries: 0,
      totalUsers: 1,
    });
    expect(printed).toEqual([]);
  });

  it('with no admin variables creates `admin` with a random password printed once', async () => {
    const url = await emptyDatabase();
    const printed: string[] = [];
    await start({ DATABASE_URL: url }, (l) => printed.push(l));
    const text = printed.join('\n');
    expect(text).toMatch(/username: admin\b/);
    const password = /password: (\S+)/.exec(text)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await signIn(running!.url, 'admin', password!);
    await running!.stop();

    // A restart finds the admin and prints nothing.
    const again: string[] = [];
    await start({ DATABASE_URL: url }, (l) => again.push(l));
    expect(again).toEqual([]);
    expect(await queryRows(url, 'select username from users')).toEqual([{ username: 'admin' }]);
  });

  it('seeds demo data with SEED_DEMO=1, once', async () => {
    const url = await emptyDatabase();
    await start({
      DATABASE_URL: url,
      SEED_DEMO: '1',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-pass-1',
    });
    await running!.stop();
    const server = await start({
      DATABASE_URL: url,
      SEED_DEMO: '1',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-pass-1',
    });
    const admin = await signIn(server.url, 'owner', 'owner-pass-1');
    const summary = (await admin.rest<TAnalyticsSummary>('GET', '/analytics')).body;
    expect(summary).toMatchObject({
      totalContacts: 8,
      totalCampaigns: 5,
      totalServiceInquiries: 5,
    });
  });

  it('stop() closes the listener', async () => {
    const server = await start({
      DATABASE_URL: await emptyDatabase(),
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-pass-1',
    });
    await server.stop();
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});

describe('startServer without DATABASE_URL (embedded PostgreSQL)', () => {
  it(
    'creates the database in DATA_DIR, seeds demo data by default, and stop() shuts PostgreSQL down',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      const printed: string[] = [];
      const server = await start({ DATA_DIR: dataDir }, (l) => printed.push(l));
      expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);
      expect(existsSync(join(dataDir, 'session-secret'))).toBe(true);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      const password = /password: (\S+)/.exec(printed.join('\n'))?.[1];
      const admin = await signIn(server.url, 'admin', password!);
      expect((await admin.rest<TAnalyticsSummary>('GET', '/analytics')).body).toMatchObject({
        totalContacts: 8,
        totalCampaigns: 5,
      });

      await server.stop();
      running = undefined;
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    },
  );
});
