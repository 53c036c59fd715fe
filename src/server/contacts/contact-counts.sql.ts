import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactStatus, TContactStatusCounts } from '../../shared/contacts.schema';
import { namedStatement } from '../db/named-statement';
import { numberedSql } from '../db/sql-condition';

/** Whose contacts to count: everyone's, one user's, or the unassigned ones. */
export type CountOwner = { userId: number } | 'unassigned' | undefined;

/**
 * Contacts per status (and `all`) from the maintained deltas (contact-count.entity.ts): a sum
 * over a few rows instead of a count over the table, exact for the caller's snapshot.
 */
export async function maintainedStatusCounts(
  em: EntityManager,
  owner?: CountOwner,
): Promise<TContactStatusCounts> {
  const where =
    owner === undefined
      ? { sql: '', params: [] }
      : owner === 'unassigned'
        ? { sql: 'where owner_id is null', params: [] }
        : { sql: 'where owner_id = ?', params: [owner.userId] };
  const sql = `select status, sum(delta) as count from contact_count_deltas ${where.sql} group by status`;
  type Row = { status: TContactStatus; count: string };
  // Every list page and the dashboard ask this: plain pg and a named statement, unless the
  // caller's transaction must see its own writes.
  const rows = em.isInTransaction()
    ? await em.execute<Row[]>(sql, where.params)
    : (
        await (
          await em.getConnection().getNativeClient()
        ).query<Row>(namedStatement(numberedSql({ sql, params: where.params }, 1), where.params))
      ).rows;
  const counts: TContactStatusCounts = { all: 0, new: 0, contacted: 0, qualified: 0, converted: 0 };
  for (const row of rows) {
    const n = Number(row.count);
    counts.all += n;
    counts[row.status] += n;
  }
  return counts;
}

/**
 * Folds the delta rows into one per (status, owner) in one statement: readers see the rows
 * before or after it, never a mix, so every sum stays the same. Run by the maintenance job.
 */
export async function compactContactCounts(em: EntityManager): Promise<void> {
  await em.execute(
    `with folded as (delete from contact_count_deltas returning status, owner_id, delta)
     insert into contact_count_deltas (status, owner_id, delta)
     select status, owner_id, sum(delta) from folded group by status, owner_id having sum(delta) <> 0`,
  );
}
