import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { countOf, createdBefore, quotesAddress } from '../db/person-match.sql';
import type { ErasedPeople } from '../privacy-hooks';

/**
 * The audit's part of a person's erasure: entries about their records (`who.records`, e.g.
 * `contact:12`) or quoting the address keep their action, actor and time; their values of
 * personal fields (the marked properties) and any value quoting the address become `[erased]`.
 */
export async function redactAuditEntries(em: EntityManager, who: ErasedPeople) {
  const quoted = (v: RawBuilder<unknown>) => quotesAddress(sql`${v}::text`, who.addresses);
  const auditEntries = await countOf(
    em,
    sql<{ n: number }>`with changed as (
        update audit_log l
           set changes = (
             select jsonb_object_agg(k, case
                 when k = any(${who.personalFields}::text[]) or ${quoted(sql`v`)} then
                   case when jsonb_typeof(v) = 'object'
                        then (select jsonb_object_agg(k2, '"[erased]"'::jsonb) from jsonb_each(v) as f(k2, v2))
                        else '"[erased]"'::jsonb end
                 else v end)
               from jsonb_each(l.changes) as e(k, v))
         where l.changes is not null and jsonb_typeof(l.changes) = 'object'
           and ((l.entity_type || ':' || l.entity_id) = any(${who.records}::text[])
                or (${createdBefore(sql`l.at`, who.before)} and ${quoted(sql`l.changes`)}))
        returning 1)
      select count(*)::int as n from changed`,
  );
  return { auditEntries };
}
