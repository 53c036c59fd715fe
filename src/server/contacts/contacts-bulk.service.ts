import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactBulk, TContactBulkResult } from '../../shared/contacts-bulk.schema';
import type { EventBus } from '../events/event-bus';
import { mergeContactSearchIndexes } from './contact-search-index';
import type { SqlCondition } from '../db/sql-condition';
import { bulkTargetSql } from './contact-filter.sql';
import { requireAssignableUser } from './contact-owner.service';

/**
 * One statement per action over the picked ids or everything matching the list's filter, inside
 * one transaction: 50,000 contacts change together or not at all. A status or owner change
 * publishes contacts.changed_in_bulk with each changed contact's old value (the timeline records
 * them in one statement). `affected` counts the contacts that really changed (or were deleted).
 * Bulk changes send no per-contact webhooks, as the CSV import sends none: they are
 * housekeeping, not leads arriving.
 */
export async function runContactBulkAction(
  em: EntityManager,
  input: TContactBulk,
  actorId: number,
  events: EventBus,
): Promise<TContactBulkResult> {
  return em.transactional(async (tem) => {
    const target = bulkTargetSql(input, actorId);
    if (input.action === 'delete') {
      const rows = await tem.execute<{ affected: string }[]>(
        `with gone as (delete from contacts where ${target.sql} returning id)
         select count(*) as affected from gone`,
        target.params,
      );
      return { affected: Number(rows[0]?.affected ?? 0) };
    }
    const change =
      input.action === 'set_status'
        ? { field: 'status' as const, to: input.status ?? null }
        : { field: 'owner' as const, to: input.ownerId ?? null };
    if (change.field === 'owner' && change.to !== null)
      await requireAssignableUser(tem, Number(change.to));
    const changed = await tem.execute<{ id: number; from: string | number | null }[]>(
      ...updateStatement(target, change.field, change.to),
    );
    await mergeContactSearchIndexes(tem);
    if (changed.length)
      await events.publish(tem, 'contacts.changed_in_bulk', { ...change, changed, actorId });
    return { affected: changed.length };
  });
}

/**
 * Sets `field` to `to` on the targeted rows that differ, answering each changed row's id and
 * old value. Leaving `new` for the first time is the lead's first answer (speed to lead).
 */
function updateStatement(
  target: SqlCondition,
  field: 'status' | 'owner',
  to: unknown,
): [string, unknown[]] {
  const [column, cast, extra] =
    field === 'status'
      ? [
          'status',
          '::text',
          `, first_responded_at = case when c.status = 'new' and c.first_responded_at is null
                                   then now() else c.first_responded_at end`,
        ]
      : ['owner_id', '::int', ''];
  return [
    `with picked as (
       select id, ${column} as old from contacts
        where ${target.sql} and ${column} is distinct from ?${cast} for update)
     update contacts c set ${column} = ?${cast}, updated_at = now()${extra}
       from picked where c.id = picked.id returning c.id, picked.old as "from"`,
    [...target.params, to, to],
  ];
}
