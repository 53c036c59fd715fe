import type { Pool, PoolClient } from 'pg';
import type { Orm } from './orm';

type QueryFn = (...args: unknown[]) => unknown;
interface GuardedClient {
  query: QueryFn;
  end: () => Promise<void>;
  rollbackGuard?: true;
}

const ROLLBACK = /^\s*rollback\s*;?\s*$/i;

/**
 * Kysely (under MikroORM 7) releases a transaction's pooled connection only after a successful
 * COMMIT or ROLLBACK. When PostgreSQL goes away mid-transaction both fail, and the connection
 * stays checked out for ever: a few outages exhaust the pool and the app hangs (found by the
 * fault drill, bench/fault.ts). A failed ROLLBACK is therefore turned into: close that client
 * (which rolls the transaction back on the server if it still exists) and report success, so
 * Kysely releases it and the pool, seeing a closed client, drops it instead of reusing it.
 */
function guard(client: PoolClient): void {
  const c = client as unknown as GuardedClient;
  if (c.rollbackGuard) return;
  c.rollbackGuard = true;
  const query = c.query.bind(client) as QueryFn;
  c.query = (...args: unknown[]) => {
    const result = query(...args);
    const sql = typeof args[0] === 'string' ? args[0] : '';
    if (!ROLLBACK.test(sql) || !(result instanceof Promise)) return result;
    return result.catch(() => {
      void c.end().catch(() => undefined);
      return { command: 'ROLLBACK', rowCount: 0, rows: [], fields: [], oid: 0 };
    });
  };
}

export async function installRollbackGuard(orm: Orm): Promise<void> {
  const pool: Pool = await orm.em.getConnection().getNativeClient();
  pool.on('connect', guard);
  // Clients connected before this call (migrations, first-admin checks) are guarded too.
  for (const client of (pool as unknown as { _clients?: PoolClient[] })._clients ?? [])
    guard(client);
}
