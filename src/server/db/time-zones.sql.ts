import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { restrictTimeZonesTo } from '../../shared/time-zone';
import { runSql } from './typed-sql';

/**
 * Reads the zone names PostgreSQL knows, once, and from then on accepts only zones both it and
 * the runtime know (shared/time-zone.ts): a zone only Node knows would be stored, then fail
 * every query that uses it.
 */
export async function acceptDatabaseTimeZones(em: EntityManager): Promise<void> {
  const rows = await runSql(em, sql<{ name: string }>`select name from pg_timezone_names`);
  restrictTimeZonesTo(rows.map((r) => r.name));
}
