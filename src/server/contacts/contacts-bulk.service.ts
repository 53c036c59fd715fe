import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactBulk, TContactBulkResult } from '../../shared/contacts-bulk.schema';
import { mergeContactSearchIndexes } from './contact-search-index';
import type { SqlCondition } from '../db/sql-condition';
import { bulkTargetSql } from './contact-filter.sql';
import { requireAssignableUser } from './contact-owner.service';

/**
 * One statement per action over the picked ids or everything matching the list's filter, inside
 * one transaction: 50,000 contacts change together or not at all, each change on its contact's
 * timeline. `affected` counts the contacts that really changed (or were deleted). Bulk changes
 * send no per-contact webhooks, as the CSV import sends none: they are housekeeping, not leads
 * arriving.
 */
export async function runContactBulkAction(
  em: EntityManager,
  input: TContactBulk,
  actorId: number,
): Promise<TContactBulkResult> {
  return em.transactional(async (tem) => {
    const target = bulkTargetSql(input, actorId);
    const statement = await bulkStatement(tem, input, target, actorId);
    const rows = await tem.execute<{ affected: string }[]>(statement.sql, statement.params);
    if (input.action !== 'delete') await mergeContactSearchIndexes(tem);
    return { affected: Number(rows[0]?.affected ?? 0) };
  });
}

/**
 * An update of `column` to `value` on the targeted rows that differ, logging each change
 * (from -> to) as `type` on the timeline, answering the number changed.
 */
function updateWithActivity(
  target: SqlCondition,
  set: { column: 'status' | 'owner_id'; value: unknown; cast: string; extra: string },
  type: 'status_changed' | 'owner_changed',
  actorId: number,
): SqlCondition {
  const { column, value, cast, extra } = set;
  return {
    sql: `with picked as (
            select id, ${column} as old from contacts
             where ${target.sql} and ${column} is distinct from ?${cast} for update),
          changed as (
            update contacts c set ${column} = ?${cast}, updated_at = now()${extra}
              from picked where c.id = picked.id returning c.id, picked.old),
          logged as (
            insert into contact_activities (contact_id, type, actor_id, data)
            select id, '${type}', ?, jsonb_build_object('from', old, 'to', ?${cast}) from changed)
          select count(*) as affected from changed`,
    params: [...target.params, value, value, actorId, value],
  };
}

async function bulkStatement(
  em: EntityManager,
  input: TContactBulk,
  target: SqlCondition,
  actorId: number,
): Promise<SqlCondition> {
  switch (input.action) {
    case 'delete':
      return {
        sql: `with gone as (delete from contacts where ${target.sql} returning id)
              select count(*) as affected from gone`,
        params: target.params,
      };
    case 'set_status':
      return updateWithActivity(
        target,
        {
          column: 'status',
          value: input.status,
          cast: '::text',
          // Leaving `new` for the first time is the lead's first answer (speed-to-lead analytics).
          extra: `, first_responded_at = case when c.status = 'new' and c.first_responded_at is null
                                              then now() else c.first_responded_at end`,
        },
        'status_changed',
        actorId,
      );
    case 'assign': {
      const ownerId = input.ownerId ?? null;
      if (ownerId !== null) await requireAssignableUser(em, ownerId);
      return updateWithActivity(
        target,
        { column: 'owner_id', value: ownerId, cast: '::int', extra: '' },
        'owner_changed',
        actorId,
      );
    }
  }
}
