import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import type { TContact } from '../../shared/contacts.schema';
import { namedStatement } from '../db/named-statement';
import { numberedSql, type SqlCondition } from '../db/sql-condition';
import { CONTACT_VIEW_SELECT } from './contact-view.sql';

/**
 * Contacts in the API's shape straight from SQL, not hydrated: the list pages are the back
 * office's busiest reads, and hydrating ORM entities only to turn them back into plain objects
 * cost more than the queries. The select is built from the field list (contact-columns.ts).
 * Inside the caller's transaction the rows come from its connection (they include its own
 * writes); outside one, from the pool, where a named statement keeps its plan per connection.
 */
async function viewRows(
  em: EntityManager,
  sql: string,
  params: unknown[],
  named = false,
): Promise<TContact[]> {
  if (em.isInTransaction())
    return (await em.getKysely().executeQuery<TContact>(CompiledQuery.raw(sql, params))).rows;
  const pool = await em.getConnection().getNativeClient();
  return (
    await pool.query<TContact>(named ? namedStatement(sql, params) : { text: sql, values: params })
  ).rows;
}

/**
 * Up to `size` contacts matching `where`, newest first, below `cursor` when given. `planOnce`:
 * the statement may keep one plan per connection (no filter, or one whose selectivity hardly
 * varies, such as a status); an owner or a search must be planned for its values.
 */
export function contactPageRows(
  em: EntityManager,
  where: SqlCondition,
  cursor: number | undefined,
  size: number,
  planOnce = false,
): Promise<TContact[]> {
  const params: unknown[] = [...where.params];
  const conditions = [numberedSql(where, 1)];
  if (cursor !== undefined) {
    params.push(cursor);
    conditions.push(`id < $${params.length}`);
  }
  params.push(size);
  return viewRows(
    em,
    `${CONTACT_VIEW_SELECT} where ${conditions.join(' and ')} order by id desc limit $${params.length}`,
    params,
    planOnce,
  );
}

/** Up to `size` contacts below id `before` (from the newest when null), newest first. */
export function contactBatchRows(
  em: EntityManager,
  before: number | null,
  size: number,
): Promise<TContact[]> {
  return viewRows(
    em,
    `${CONTACT_VIEW_SELECT} where ($1::int is null or id < $1) order by id desc limit $2`,
    [before, size],
  );
}

/** The contacts with these ids, newest first. */
export function contactsWithIds(em: EntityManager, ids: number[]): Promise<TContact[]> {
  return viewRows(em, `${CONTACT_VIEW_SELECT} where id = any($1::int[]) order by id desc`, [ids]);
}
