import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { countOf, createdBefore } from '../db/person-match.sql';
import type { ErasedPeople } from '../privacy-hooks';

/** The quarantine's part of a person's erasure: the submissions held from their address. */
export async function eraseQuarantined(em: EntityManager, who: ErasedPeople) {
  const quarantined = await countOf(
    em,
    sql<{ n: number }>`with gone as (
        delete from quarantined_submissions q
         where lower(q.payload->>'email') = any(${who.addresses}::text[])
           and ${createdBefore(sql`q.created_at`, who.before)}
        returning 1)
      select count(*)::int as n from gone`,
  );
  return { quarantined };
}
