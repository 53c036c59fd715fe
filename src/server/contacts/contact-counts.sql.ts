import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactStatus, TContactStatusCounts } from '../../shared/contacts.schema';
import { namedRows } from '../db/named-statement';
import { typedSql } from '../db/typed-sql';
import { ContactCountDelta } from './contact-count.entity';

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
  let query = typedSql(em, [ContactCountDelta])
    .selectFrom('contact_count_deltas')
    .select(({ fn }) => ['status', fn.sum('delta').as('count')])
    .groupBy('status');
  if (owner === 'unassigned') query = query.where('owner_id', 'is', null);
  else if (owner !== undefined) query = query.where('owner_id', '=', owner.userId);
  // Every list page and the dashboard ask this: plain pg and a named statement, unless the
  // caller's transaction must see its own writes.
  const rows = em.isInTransaction() ? await query.execute() : await namedRows(em, query.compile());
  const counts: TContactStatusCounts = { all: 0, new: 0, contacted: 0, qualified: 0, converted: 0 };
  for (const row of rows) {
    const n = Number(row.count);
    counts.all += n;
    counts[row.status as TContactStatus] += n;
  }
  return counts;
}

/**
 * Folds the delta rows into one per (status, owner) in one statement: readers see the rows
 * before or after it, never a mix, so every sum stays the same. Run by the maintenance job.
 */
export async function compactContactCounts(em: EntityManager): Promise<void> {
  await typedSql(em, [ContactCountDelta])
    .with('folded', (db) =>
      db.deleteFrom('contact_count_deltas').returning(['status', 'owner_id', 'delta']),
    )
    .insertInto('contact_count_deltas')
    .columns(['status', 'owner_id', 'delta'])
    .expression((db) =>
      db
        .selectFrom('folded')
        .select(({ fn }) => ['status', 'owner_id', fn.sum<number>('delta').as('delta')])
        .groupBy(['status', 'owner_id'])
        .having(({ fn }) => fn.sum('delta'), '<>', 0),
    )
    .execute();
}
