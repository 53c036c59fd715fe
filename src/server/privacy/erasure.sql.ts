// What a person's erasure reads to name the records about them (the audit's `contact:12`,
// `booking:3`): the rows of the tables with a relation to a contact. The deleting and redacting
// is each owning feature's (its registration's `privacy.erase`).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';

/** The ids of `table`'s rows about these contacts (before they go with them). */
export async function idsAboutContacts(
  em: EntityManager,
  table: string,
  contactIds: number[],
): Promise<string[]> {
  const rows = await runSql(
    em,
    sql<{ id: string }>`select id::text as id from ${sql.table(table)}
                         where contact_id = any(${contactIds}::int[])`,
  );
  return rows.map((r) => r.id);
}
