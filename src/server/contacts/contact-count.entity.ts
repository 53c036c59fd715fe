import { defineEntity, p } from '@mikro-orm/core';

/**
 * Maintained contact counts, as deltas: statement-level triggers on `contacts` (see
 * Migration20261124200000) append one row per (status, owner) a write changed, in the writing
 * transaction, so a count is the sum of the rows a snapshot sees, exact under concurrent writes.
 * Appending (never updating one counter row) keeps concurrent writers from queuing on a row lock;
 * the maintenance job folds the rows into one per group (compactContactCounts).
 */
export const ContactCountDelta = defineEntity({
  name: 'ContactCountDelta',
  tableName: 'contact_count_deltas',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    status: p.text(),
    /** The owner's user id, null for unassigned contacts (no foreign key: a count, not a link). */
    ownerId: p.integer().nullable(),
    delta: p.bigint('number'),
  },
});
