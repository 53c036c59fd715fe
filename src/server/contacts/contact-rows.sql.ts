import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact } from '../../shared/contacts.schema';
import { namedStatement } from '../db/named-statement';
import { SQL_ISO_FORMAT } from '../db/sql-format';
import { numberedSql, type SqlCondition } from '../db/sql-condition';

/**
 * Contacts in the API's shape straight from SQL (timestamps as Date#toISOString writes them, in
 * UTC), read with plain `pg`: the list pages are the back office's busiest reads, and hydrating
 * ORM entities only to turn them back into plain objects cost more than the queries.
 */
export const CONTACT_VIEW_SELECT = `select id, name, email, company, phone, message, source, status,
         to_char(created_at at time zone 'utc', ${SQL_ISO_FORMAT}) as "createdAt",
         to_char(updated_at at time zone 'utc', ${SQL_ISO_FORMAT}) as "updatedAt",
         utm_source as "utmSource", utm_medium as "utmMedium", utm_campaign as "utmCampaign",
         utm_term as "utmTerm", utm_content as "utmContent", referrer, landing_page as "landingPage",
         to_char(first_responded_at at time zone 'utc', ${SQL_ISO_FORMAT}) as "firstRespondedAt",
         owner_id as "ownerId"
    from contacts`;

async function viewRows(
  em: EntityManager,
  sql: string,
  params: unknown[],
  named = false,
): Promise<TContact[]> {
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

/** The contacts with these ids, newest first. */
export function contactsWithIds(em: EntityManager, ids: number[]): Promise<TContact[]> {
  return viewRows(em, `${CONTACT_VIEW_SELECT} where id = any($1::int[]) order by id desc`, [ids]);
}
