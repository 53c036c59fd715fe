// PostgreSQL's LISTEN/NOTIFY, for the shared cache (shared-cache.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { typedSql } from './typed-sql';

/** NOTIFY in `em`'s transaction: delivered to the listeners when (and if) it commits. */
export async function notifyInTransaction(
  em: EntityManager,
  channel: string,
  payload: string,
): Promise<void> {
  await typedSql(em, [])
    .selectNoFrom(({ eb, fn }) =>
      fn('pg_notify', [eb.val(channel), eb.val(payload)]).as('notified'),
    )
    .execute();
}

/** Starts receiving `channel`'s notifications on `client` (a connection of its own). */
export async function listen(client: pg.Client, channel: string): Promise<void> {
  await client.query(`listen ${client.escapeIdentifier(channel)}`);
}
