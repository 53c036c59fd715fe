// The bulk actions' statements over a target (picked ids or the list's filter): one statement
// each (a delete two: its ids, then the rows), whatever the number of contacts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { SqlCondition } from '../db/sql-condition';
import { runSql } from '../db/typed-sql';

/** The ids of the targeted contacts (before they are deleted: see contacts.deleting). */
export async function targetedContactIds(
  em: EntityManager,
  target: SqlCondition,
): Promise<number[]> {
  const rows = await runSql(em, sql<{ id: number }>`select id from contacts where ${target}`);
  return rows.map((r) => r.id);
}

/** Deletes these contacts (with what hangs from them); answers how many went. */
export async function deleteContactsWithIds(em: EntityManager, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await runSql(
    em,
    sql<{ affected: string }>`with gone as (delete from contacts where id = any(${ids}::int[])
                                            returning id)
      select count(*) as affected from gone`,
  );
  return Number(row?.affected ?? 0);
}

/**
 * Sets `field` to `to` on the targeted rows that differ, answering each changed row's id and
 * old value. Leaving `new` for the first time is the lead's first answer (speed to lead).
 */
export function updateTargetedContacts(
  em: EntityManager,
  target: SqlCondition,
  field: 'status' | 'owner',
  to: unknown,
): Promise<{ id: number; from: string | number | null }[]> {
  const [column, value, extra] =
    field === 'status'
      ? [
          sql.ref('status'),
          sql`${to}::text`,
          sql`, first_responded_at = case when c.status = 'new' and c.first_responded_at is null
                                      then now() else c.first_responded_at end`,
        ]
      : [sql.ref('owner_id'), sql`${to}::int`, sql``];
  return runSql(
    em,
    sql<{ id: number; from: string | number | null }>`with picked as (
       select id, ${column} as old from contacts
        where ${target} and ${column} is distinct from ${value} for update)
     update contacts c set ${column} = ${value}, updated_at = now()${extra}
       from picked where c.id = picked.id returning c.id, picked.old as "from"`,
  );
}
