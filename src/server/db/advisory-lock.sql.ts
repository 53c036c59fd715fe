import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from './typed-sql';

/**
 * Holds the named lock until `em`'s transaction ends: work that must run once however many
 * instances try it at the same moment (a digest) checks and acts under it.
 */
export async function lockForTransaction(em: EntityManager, name: string): Promise<void> {
  await typedSql(em, [])
    .selectNoFrom(({ eb, fn }) =>
      fn('pg_advisory_xact_lock', [fn('hashtext', [eb.val(name)])]).as('locked'),
    )
    .execute();
}
