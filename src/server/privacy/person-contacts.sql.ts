import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';

/** The ids of the contacts with this address (any case), oldest first. */
export async function contactIdsWithEmail(em: EntityManager, email: string): Promise<number[]> {
  const found = await runSql(
    em,
    sql<{ id: number }>`select id from contacts where lower(email) = lower(${email}) order by id`,
  );
  return found.map((r) => r.id);
}
