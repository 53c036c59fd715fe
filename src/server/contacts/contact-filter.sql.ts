import { sql } from 'kysely';
import type { TContactFilter } from '../../shared/contacts-bulk.schema';
import { allOf, type SqlCondition } from '../db/sql-condition';
import { searchCondition } from './contact-search.sql';

/**
 * The contacts list's filters as a SQL condition on `contacts`, for the set-based writes (bulk
 * actions) that must select exactly the rows the screen shows (findContacts' where).
 */
export function contactFilterSql(filter: TContactFilter, actorId: number): SqlCondition {
  const parts: SqlCondition[] = [];
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.search) parts.push(searchCondition(filter.search));
  if (filter.ownerId === 'unassigned') parts.push(sql`owner_id is null`);
  else if (filter.ownerId !== undefined)
    parts.push(sql`owner_id = ${filter.ownerId === 'me' ? actorId : filter.ownerId}`);
  return allOf(parts);
}

/** The rows an export writes: the ids picked, or the filter's. */
export function exportTargetSql(
  target: { ids?: number[] | undefined; filter: TContactFilter },
  actorId: number,
): SqlCondition {
  if (target.ids) return idsIn(target.ids);
  return contactFilterSql(target.filter, actorId);
}

/** `condition` and the status filter, when there is one. */
export function withStatusSql(condition: SqlCondition, status: string | undefined): SqlCondition {
  if (!status) return condition;
  return allOf([condition, sql`status = ${status}`]);
}

/** The rows a bulk action targets: the ids picked, or every contact matching the filter. */
export function bulkTargetSql(
  target: { ids?: number[]; filter?: TContactFilter },
  actorId: number,
): SqlCondition {
  if (target.ids) return idsIn(target.ids);
  return contactFilterSql(target.filter ?? {}, actorId);
}

/** The picked ids, as one array parameter however many there are. */
const idsIn = (ids: number[]): SqlCondition => sql`id = any(${ids}::int[])`;
