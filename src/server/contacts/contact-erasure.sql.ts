import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { countOf, createdBefore } from '../db/person-match.sql';
import { runSql } from '../db/typed-sql';
import type { ErasedPeople } from '../privacy-hooks';

/** The ids of the contacts with these addresses (any case), created before `before` if given. */
export async function contactIdsWithAddresses(
  em: EntityManager,
  addresses: readonly string[],
  before: string | null,
): Promise<number[]> {
  const rows = await runSql(
    em,
    sql<{ id: number }>`select id from contacts c
                         where lower(c.email) = any(${addresses}::text[])
                           and ${createdBefore(sql`c.created_at`, before)}
                         order by id`,
  );
  return rows.map((r) => r.id);
}

/**
 * The contacts' part of a person's erasure, last of all: the contacts, with (through their
 * foreign keys) their timeline, notes, bookings, tasks and inquiries, counted as they go.
 */
export async function eraseContacts(em: EntityManager, who: ErasedPeople) {
  const [counted] = await runSql(
    em,
    sql<{ activities: number; bookings: number }>`select
        (select count(*)::int from contact_activities where contact_id = any(${who.contactIds}::int[])) as activities,
        (select count(*)::int from bookings where contact_id = any(${who.contactIds}::int[])) as bookings`,
  );
  const contacts = await countOf(
    em,
    sql<{ n: number }>`with gone as (
        delete from contacts where id = any(${who.contactIds}::int[]) returning 1)
      select count(*)::int as n from gone`,
  );
  return { contacts, activities: counted?.activities ?? 0, bookings: counted?.bookings ?? 0 };
}
