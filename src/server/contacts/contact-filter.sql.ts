import type { TContactFilter } from '../../shared/contacts-bulk.schema';
import type { SqlCondition } from '../db/sql-condition';
import { searchCondition } from './contact-search.sql';

/**
 * The contacts list's filters as a SQL condition on `contacts`, for the set-based writes (bulk
 * actions) that must select exactly the rows the screen shows (findContacts' where).
 */
export function contactFilterSql(filter: TContactFilter, actorId: number): SqlCondition {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    parts.push('status = ?');
    params.push(filter.status);
  }
  if (filter.search) {
    const search = searchCondition(filter.search);
    parts.push(search.sql);
    params.push(...search.params);
  }
  if (filter.ownerId === 'unassigned') parts.push('owner_id is null');
  else if (filter.ownerId !== undefined) {
    parts.push('owner_id = ?');
    params.push(filter.ownerId === 'me' ? actorId : filter.ownerId);
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}

/** The rows an export writes: the ids picked (an array parameter, as COPY inlines it), or the filter's. */
export function exportTargetSql(
  target: { ids?: number[] | undefined; filter: TContactFilter },
  actorId: number,
): SqlCondition {
  if (target.ids) return { sql: 'id = any(?::int[])', params: [target.ids] };
  return contactFilterSql(target.filter, actorId);
}

/** `condition` and the status filter, when there is one. */
export function withStatusSql(condition: SqlCondition, status: string | undefined): SqlCondition {
  if (!status) return condition;
  return { sql: `${condition.sql} and status = ?`, params: [...condition.params, status] };
}

/** The rows a bulk action targets: the ids picked, or every contact matching the filter. */
export function bulkTargetSql(
  target: { ids?: number[]; filter?: TContactFilter },
  actorId: number,
): SqlCondition {
  if (target.ids) return { sql: 'id in (?)', params: [target.ids] };
  return contactFilterSql(target.filter ?? {}, actorId);
}
