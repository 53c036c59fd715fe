import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { countOf, createdBefore, quotesAddress } from '../db/person-match.sql';
import { runSql } from '../db/typed-sql';
import type { ErasedPeople } from '../privacy-hooks';

/**
 * The imports' part of a person's erasure: error rows quoting the address (the count), and the
 * same lines in an import's summary of its first errors, which repeats some of those rows. (An
 * import's file is kept only while it runs, and is deleted when it finishes.)
 */
export async function eraseImportErrors(em: EntityManager, who: ErasedPeople) {
  const importErrors = await countOf(
    em,
    sql<{ n: number }>`with gone as (
        delete from contact_import_errors e
         where ${quotesAddress(sql`e.reason`, who.addresses)}
           and exists (select 1 from contact_imports i
                        where i.id = e.contact_import_id
                          and ${createdBefore(sql`i.created_at`, who.before)})
        returning 1)
      select count(*)::int as n from gone`,
  );
  await runSql(
    em,
    sql`update contact_imports i
           set errors = coalesce(
                 (select jsonb_agg(e order by n) from jsonb_array_elements(i.errors)
                    with ordinality as x(e, n)
                   where not ${quotesAddress(sql`e->>'reason'`, who.addresses)}), '[]'::jsonb)
         where ${quotesAddress(sql`i.errors::text`, who.addresses)}
           and ${createdBefore(sql`i.created_at`, who.before)}`,
  );
  return { importErrors };
}
