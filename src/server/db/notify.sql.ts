// PostgreSQL's LISTEN/NOTIFY, for the shared cache (shared-cache.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

/** NOTIFY in `em`'s transaction: delivered to the listeners when (and if) it commits. */
export async function notifyInTransaction(
  em: EntityManager,
  channel: string,
  payload: string,
): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [channel, payload]);
}

/** Starts receiving `channel`'s notifications on `client` (a connection of its own). */
export async function listen(client: pg.Client, channel: string): Promise<void> {
  await client.query(`listen ${client.escapeIdentifier(channel)}`);
}
