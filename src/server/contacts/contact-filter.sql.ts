import { sql } from 'kysely';
import type { TContactFilter } from '../../shared/contacts-bulk.schema';
import { CONTACT_ORIGIN_FILTERS, firstTouchParts } from '../../shared/contacts.schema';
import { addDays } from '../../shared/time-zone';
import { leadFirstTouchKey } from '../web-analytics/web-analytics.service';
import { allOf, type SqlCondition } from '../db/sql-condition';
import { searchCondition } from './contact-search.sql';

type TContactOriginFilter = Pick<TContactFilter, keyof typeof CONTACT_ORIGIN_FILTERS>;
const ORIGIN_FILTER_KEYS = Object.keys(CONTACT_ORIGIN_FILTERS) as (keyof TContactOriginFilter)[];

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
  parts.push(...originConditions(filter));
  return allOf(parts);
}

/** The origin filters (CONTACT_ORIGIN_FILTERS): what a figure of Analytics counts, and the opt-in. */
function originConditions(filter: TContactOriginFilter): SqlCondition[] {
  const parts: SqlCondition[] = [];
  if (filter.source) parts.push(sql`source = ${filter.source}`);
  if (filter.createdFrom)
    parts.push(sql`created_at >= ${`${filter.createdFrom}T00:00:00Z`}::timestamptz`);
  if (filter.createdTo)
    parts.push(sql`created_at < ${`${addDays(filter.createdTo, 1)}T00:00:00Z`}::timestamptz`);
  if (filter.firstTouch) {
    const { by, key } = firstTouchParts(filter.firstTouch);
    parts.push(sql`${leadFirstTouchKey[by]} = ${key}`);
  }
  if (filter.booked) {
    const booked = sql`exists (select 1 from bookings b where b.contact_id = contacts.id)`;
    parts.push(filter.booked === 'true' ? booked : sql`not ${booked}`);
  }
  if (filter.marketingOptIn)
    parts.push(
      filter.marketingOptIn === 'true' ? sql`marketing_opt_in` : sql`not marketing_opt_in`,
    );
  return parts;
}

/** Whether a query narrows the list by origin (then it is counted as a search is). */
export function hasOriginFilter(filter: TContactOriginFilter): boolean {
  return ORIGIN_FILTER_KEYS.some((key) => filter[key] !== undefined);
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
