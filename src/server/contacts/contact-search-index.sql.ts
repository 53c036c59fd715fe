import type { EntityManager } from '@mikro-orm/postgresql';
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
