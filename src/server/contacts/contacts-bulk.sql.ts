// The bulk actions' statements over a target (picked ids or the list's filter): one statement
// each, whatever the number of contacts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlCondition } from '../db/sql-condition';

/** Deletes the targeted contacts; answers how many there were. */
export async function deleteTargetedContacts(
  em: EntityManager,
  target: SqlCondition,
): Promise<number> {
  const rows = await em.execute<{ affected: string }[]>(
    `with gone as (delete from contacts where ${target.sql} returning id)
     select count(*) as affected from gone`,
    target.params,
  );
  return Number(rows[0]?.affected ?? 0);
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
  const [column, cast, extra] =
    field === 'status'
      ? [
          'status',
          '::text',
          `, first_responded_at = case when c.status = 'new' and c.first_responded_at is null
                                   then now() else c.first_responded_at end`,
        ]
      : ['owner_id', '::int', ''];
  return em.execute(
    `with picked as (
       select id, ${column} as old from contacts
        where ${target.sql} and ${column} is distinct from ?${cast} for update)
     update contacts c set ${column} = ?${cast}, updated_at = now()${extra}
       from picked where c.id = picked.id returning c.id, picked.old as "from"`,
    [...target.params, to, to],
  );
}
