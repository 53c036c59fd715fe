import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import { sql } from 'kysely';
import { typedSql } from '../db/typed-sql';

export const TRIGRAM_INDEXES = [
  'contacts_name_trgm',
  'contacts_email_trgm',
  'contacts_company_trgm',
];

/**
 * Merges the trigram indexes' pending lists into the indexes proper. Writes of many rows at once
 * (bulk actions, imports) call it when done, so the next search does not scan megabytes of
 * pending entries and the planner keeps choosing the indexes (see Migration20261124100500).
 */
export async function mergeContactSearchIndexes(em: EntityManager): Promise<void> {
  await typedSql(em, [])
    .selectNoFrom(({ fn }) =>
      TRIGRAM_INDEXES.map((name) =>
        fn('gin_clean_pending_list', [sql`${name}::regclass`]).as(name),
      ),
    )
    .execute();
}

/** The same on the streamed import's own pg connection, after its batches went in. */
export async function mergeTrigramPendingLists(db: Pool | PoolClient): Promise<void> {
  await db.query(
    `select ${TRIGRAM_INDEXES.map((n) => `gin_clean_pending_list('${n}'::regclass)`).join(', ')}`,
  );
}
