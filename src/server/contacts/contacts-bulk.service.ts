import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactBulk, TContactBulkResult } from '../../shared/contacts-bulk.schema';
import { mergeContactSearchIndexes } from './contact-search-index';
import { bulkTargetSql, type SqlCondition } from './contact-filter.sql';
import { requireAssignableUser } from './contact-owner.service';

/**
 * One statement per action over the picked ids or everything matching the list's filter, inside
 * one transaction: 50,000 contacts change together or not at all. `affected` counts the
 * contacts that really changed (or were deleted). Bulk changes send no per-contact webhooks,
 * as the CSV import sends none: they are housekeeping, not leads arriving.
 */
export async function runContactBulkAction(
  em: EntityManager,
  input: TContactBulk,
  actorId: number,
): Promise<TContactBulkResult> {
  return em.transactional(async (tem) => {
    const target = bulkTargetSql(input, actorId);
    const statement = await bulkStatement(tem, input, target);
    const rows = await tem.execute<{ affected: string }[]>(
      `with changed as (${statement.sql} returning id) select count(*) as affected from changed`,
      statement.params,
    );
    if (input.action !== 'delete') await mergeContactSearchIndexes(tem);
    return { affected: Number(rows[0]?.affected ?? 0) };
  });
}

async function bulkStatement(
  em: EntityManager,
  input: TContactBulk,
  target: SqlCondition,
): Promise<SqlCondition> {
  switch (input.action) {
    case 'delete':
      return { sql: `delete from contacts where ${target.sql}`, params: target.params };
    case 'set_status':
      return {
        // Leaving `new` for the first time is the lead's first answer (speed-to-lead analytics).
        sql: `update contacts set status = ?, updated_at = now(),
                first_responded_at = case when status = 'new' and first_responded_at is null
                                          then now() else first_responded_at end
               where ${target.sql} and status <> ?`,
        params: [input.status, ...target.params, input.status],
      };
    case 'assign': {
      const ownerId = input.ownerId ?? null;
      if (ownerId !== null) await requireAssignableUser(em, ownerId);
      return {
        sql: `update contacts set owner_id = ?::int, updated_at = now()
               where ${target.sql} and owner_id is distinct from ?::int`,
        params: [ownerId, ...target.params, ownerId],
      };
    }
  }
}
