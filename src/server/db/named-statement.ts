import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompiledQuery } from 'kysely';
import type { QueryConfig } from 'pg';

const names = new Map<string, string>();

/**
 * `text` as a named statement for plain `pg`: each pooled connection has PostgreSQL parse and
 * plan it once instead of on every call. Only for fixed statements whose best plan does not
 * depend on the values (a generic plan is used after a few calls).
 */
export function namedStatement(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}

/** A compiled (typedSql) query's rows from the pool, as a named statement (see namedStatement). */
export async function namedRows<Row>(em: EntityManager, query: CompiledQuery<Row>): Promise<Row[]> {
  const pool = await em.getConnection().getNativeClient();
  const values = [...query.parameters];
  return (await pool.query(namedStatement(query.sql, values))).rows as Row[];
}
