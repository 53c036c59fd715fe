import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import type { TContact } from '../../shared/contacts.schema';
import { namedRows } from '../db/named-statement';
import { compileSql, type SqlCondition } from '../db/sql-condition';
import { runSql } from '../db/typed-sql';
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
  where: RawBuilder<unknown>,
  named = false,
): Promise<TContact[]> {
  const statement = sql<TContact>`${sql.raw(CONTACT_VIEW_SELECT)} ${where}`;
  if (em.isInTransaction()) return runSql(em, statement);
  const compiled = compileSql(statement);
  if (named) return namedRows(em, compiled);
  const pool = await em.getConnection().getNativeClient();
  return (await pool.query<TContact>(compiled.sql, [...compiled.parameters])).rows;
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
  const below = cursor === undefined ? sql`` : sql`and id < ${cursor}`;
  return viewRows(em, sql`where ${where} ${below} order by id desc limit ${size}`, planOnce);
}

/** Up to `size` contacts below id `before` (from the newest when null), newest first. */
export function contactBatchRows(
  em: EntityManager,
  before: number | null,
  size: number,
): Promise<TContact[]> {
  const below = before === null ? sql`` : sql`where id < ${before}`;
  return viewRows(em, sql`${below} order by id desc limit ${size}`);
}

/** The contacts with these ids, newest first. */
export function contactsWithIds(em: EntityManager, ids: number[]): Promise<TContact[]> {
  return viewRows(em, sql`where id = any(${ids}::int[]) order by id desc`);
}
