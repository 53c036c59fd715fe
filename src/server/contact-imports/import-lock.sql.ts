// Which imports are really running: a run holds a PostgreSQL advisory lock on its connection for
// as long as it works, and PostgreSQL lets go of it when that connection ends, however the
// process ended. So any instance can tell an import abandoned by a dead process from one that
// another live instance is running, without clocks or heartbeats.
import type { ClientBase, Pool, PoolClient } from 'pg';

/** Shown on an import whose process died while it ran. */
export const ABANDONED_IMPORT_MESSAGE = 'The server stopped during this import; run it again';

/** The lock's two keys: this feature's namespace and the import's id. */
const LOCK_KEYS = `hashtext('contact_import'), hashtext($1)`;

/** Waits for the import's lock (a duplicate delivery of the same job waits for the first run). */
export async function holdImportLock(client: PoolClient, importId: string): Promise<void> {
  await client.query(`select pg_advisory_lock(${LOCK_KEYS})`, [importId]);
}

export async function releaseImportLock(client: PoolClient, importId: string): Promise<void> {
  await client.query(`select pg_advisory_unlock(${LOCK_KEYS})`, [importId]);
}

/** Marks the import failed with `reason` if it is still queued or running, and drops its file. */
export async function failIfRunning(
  db: Pool | ClientBase,
  importId: string,
  reason: string,
): Promise<boolean> {
  const { rows } = await db.query<{ failed: boolean }>(
    `with failed as (
       update contact_imports set status = 'failed', finished_at = now(), failure = $2
        where id = $1 and status in ('queued', 'running') returning id),
     dropped as (delete from contact_import_chunks where contact_import_id in (select id from failed))
     select exists (select 1 from failed) as failed`,
    [importId, reason],
  );
  return rows[0]?.failed ?? false;
}

/**
 * Fails every import marked running whose lock nobody holds: its process died mid-run (the
 * rows it wrote were one transaction, rolled back with the connection). Run at start and by
 * maintenance; returns how many it failed.
 */
export async function failAbandonedImports(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `select id from contact_imports where status = 'running'`,
  );
  let failed = 0;
  for (const { id } of rows) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: got } = await client.query<{ free: boolean }>(
        `select pg_try_advisory_xact_lock(${LOCK_KEYS}) as free`,
        [id],
      );
      if (got[0]?.free && (await failIfRunning(client, id, ABANDONED_IMPORT_MESSAGE))) failed++;
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
  return failed;
}
