import { defineEntity, p } from '@mikro-orm/core';
import { ERASURE_TRIGGERS, type TErasureCounts } from '../../shared/privacy.schema';
import { User } from '../users/user.entity';

/**
 * The erasure ledger: one row per erasure (a request, or a batch of the retention rule), holding a
 * keyed hash of each erased address (never the address), when, who and what was removed. A restore rolls this table back with the rest, so every row is
 * also appended to a file outside the database (erasure-ledger-file.ts), and the start-up
 * reapplies what the file names and this table lacks.
 */
export const PrivacyErasure = defineEntity({
  name: 'PrivacyErasure',
  tableName: 'privacy_erasures',
  properties: {
    id: p.integer().primary().autoincrement(),
    addressHashes: p.json<string[]>(),
    erasedAt: p.datetime(),
    trigger: p.enum(ERASURE_TRIGGERS),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    actorUsername: p.string().length(50).nullable(),
    reason: p.string().length(500),
    counts: p.json<TErasureCounts>(),
  },
  // "Was this address erased before?" (a second erasure is a no-op): containment on the hashes.
  indexes: [
    {
      name: 'privacy_erasures_address_hashes_index',
      expression:
        'create index "privacy_erasures_address_hashes_index" on "privacy_erasures" using gin ("address_hashes" jsonb_path_ops)',
    },
  ],
});

/** The one row (id 1) of privacy settings: the retention rule and when it last ran. */
export const PrivacySettings = defineEntity({
  name: 'PrivacySettings',
  tableName: 'privacy_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    /** Leads never converted and untouched this many days are erased; null keeps them. */
    unconvertedLeadDays: p.integer().nullable(),
    /** The UTC day the nightly retention last ran (claimed by one instance). */
    retentionRanOn: p.string().length(10).nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  checks: [{ name: 'privacy_settings_id_check', expression: 'id = 1' }],
});
