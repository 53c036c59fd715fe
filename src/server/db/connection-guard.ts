import type { Pool, PoolClient } from 'pg';
import type { Orm } from './orm-type';

type QueryFn = (...args: unknown[]) => unknown;
interface GuardedClient {
  query: QueryFn;
  end: () => Promise<void>;
  release?: (err?: Error) => void;
  connectionGuard?: true;
}

// Compared after trimming: `\s*;?\s*$` backtracks quadratically on long whitespace runs. Every
// statement passes here: anything longer than a padded ROLLBACK is let through untouched.
const ROLLBACK_MAX_LENGTH = 32;
const isRollback = (sql: string) =>
  sql.length <= ROLLBACK_MAX_LENGTH && /^rollback;?$/i.test(sql.trim());
/** How long a dead connection may stay checked out before the pool takes it back. */
const RECLAIM_AFTER_MS = 5_000;

/**
 * Kysely (under MikroORM 7) releases a transaction's pooled connection only after a successful
 * BEGIN ... COMMIT or ROLLBACK. When PostgreSQL goes away mid-transaction those fail and the
 * connection stays checked out for ever: a few outages exhaust the pool and the app hangs (found
 * by the fault drill, src/server/fault-drill.ts). Two guards:
 *  - a failed ROLLBACK closes that client (the server rolls back whatever is left) and reports
 *    success, so Kysely releases it and the pool, seeing a closed client, drops it;
 *  - a connection that dies while checked out and is still checked out a few seconds later
 *    (e.g. its BEGIN failed, after which nothing ever releases it) is released by us.
 * Queries on a dead connection fail at once, so no caller still holds it by then.
 */
function guard(client: PoolClient, checkedOut: WeakSet<PoolClient>): void {
  const c = client as unknown as GuardedClient;
  if (c.connectionGuard) return;
  c.connectionGuard = true;
  const query = c.query.bind(client) as QueryFn;
  c.query = (...args: unknown[]) => {
    const result = query(...args);
    const sql = args[0];
    if (typeof sql !== 'string' || !isRollback(sql) || !(result instanceof Promise)) return result;
    return result.catch(() => {
      void c.end().catch(() => undefined);
      return { command: 'ROLLBACK', rowCount: 0, rows: [], fields: [], oid: 0 };
    });
  };
  client.once('end', () => {
    setTimeout(() => {
      if (!checkedOut.has(client)) return;
      checkedOut.delete(client);
      try {
        c.release?.(new Error('connection lost while checked out'));
      } catch {
        // Released meanwhile after all: nothing left to do.
      }
    }, RECLAIM_AFTER_MS).unref();
  });
}

export async function installConnectionGuard(orm: Orm): Promise<void> {
  const pool: Pool = await orm.em.getConnection().getNativeClient();
  const checkedOut = new WeakSet<PoolClient>();
  pool.on('connect', (client) => guard(client, checkedOut));
  pool.on('acquire', (client) => void checkedOut.add(client));
  pool.on(
    'release',
    (_err: Error | undefined, client: PoolClient) => void checkedOut.delete(client),
  );
  // Clients connected before this call (migrations, first-admin checks) are guarded too.
  for (const client of (pool as unknown as { _clients?: PoolClient[] })._clients ?? [])
    guard(client, checkedOut);
}
