// Which leads the retention rule erases: every contact of an address is never converted (not
// now, and no status change to it on the timeline), unchanged since the cutoff, with nothing on
// its timeline since, no call that ends after it and no open task due after it (a "follow up in
// two months" keeps its lead). Counted by address: an address with one
// lead still in play keeps all of its contacts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';

const staleAddresses = (before: Date) => {
  const cutoff = sql`${before.toISOString()}::timestamptz`;
  return sql`
  select lower(c.email) as address, count(*)::int as contacts
    from contacts c
   group by lower(c.email)
  having bool_and(
           c.status <> 'converted'
           and c.updated_at < ${cutoff}
           and not exists (select 1 from contact_activities a
                            where a.contact_id = c.id
                              and (a.at >= ${cutoff}
                                   or (a.type = 'status_changed' and a.data->>'to' = 'converted')))
           and not exists (select 1 from bookings b
                            where b.contact_id = c.id and b.ends_at >= ${cutoff})
           and not exists (select 1 from tasks t
                            where t.contact_id = c.id and t.done_at is null
                              and t.due_at >= ${cutoff}))`;
};

/** How many contacts and addresses are stale at `cutoff`. */
export async function countStale(em: EntityManager, cutoff: Date) {
  const [row] = await runSql(
    em,
    sql<{ contacts: number; addresses: number }>`
      select coalesce(sum(s.contacts), 0)::int as contacts, count(*)::int as addresses
        from (${staleAddresses(cutoff)}) s`,
  );
  return { contacts: row?.contacts ?? 0, addresses: row?.addresses ?? 0 };
}

/** Up to `limit` stale addresses (a batch). */
export async function staleAddressBatch(
  em: EntityManager,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await runSql(
    em,
    sql<{ address: string }>`select s.address from (${staleAddresses(cutoff)}) s
                              order by s.address limit ${limit}`,
  );
  return rows.map((r) => r.address);
}

/**
 * Claims today's nightly run for this instance: true for the one that moved `retention_ran_on`
 * to `day` (any other instance, and a later tick, finds it there already).
 */
export async function claimNightlyRun(em: EntityManager, day: string): Promise<boolean> {
  const rows = await runSql(
    em,
    sql<{ id: number }>`update privacy_settings set retention_ran_on = ${day}
      where id = 1 and retention_ran_on is distinct from ${day} returning id`,
  );
  return rows.length > 0;
}
