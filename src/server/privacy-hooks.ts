// The shape of a feature's part of a person's erasure and export (feature.ts: `privacy`), apart
// from the registration type: the hooks live in the features, and naming feature.ts from them
// would close an import cycle through the types the registration names.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TErasureCounts } from '../shared/privacy.schema';

/** Who an erasure is about, as each feature's erasure hook gets it. */
export interface ErasedPeople {
  /** Their addresses, in lower case. */
  addresses: string[];
  /** Their contacts (deleted last: their foreign keys take what hangs from them). */
  contactIds: number[];
  /**
   * Only rows created before this instant (a ledger line's erasedAt, reapplied after a restore):
   * a person who came back after their erasure keeps what they gave since. Null: every row.
   */
  before: string | null;
  /** The audit's names of the records about their contacts (`contact:12`, `booking:3`...). */
  records: string[];
  /** The property names of every field marked personal (db/personal-data.ts). */
  personalFields: string[];
}

/**
 * A feature's part of a person's erasure: deletes or redacts what its tables hold about them, in
 * the erasure's transaction, and answers what it counted. Hooks run in reverse features order
 * (what depends on a contact before the contacts).
 */
export type ErasureHook = (
  em: EntityManager,
  who: ErasedPeople,
) => Promise<Partial<TErasureCounts>>;

/** Whose data an export gathers: the address asked for, and the contacts with it (any case). */
export interface ExportedPerson {
  email: string;
  contactIds: number[];
}

/**
 * One section of a person's data export, read by the feature that owns its table: every row
 * about the person (whole, less the columns no person should receive), in a stable order. The
 * export runs every feature's sections in features order, on one snapshot.
 */
export interface ExportSection {
  /** Its key in the export (`bookings`); one per section across the features. */
  name: string;
  /**
   * The table it reads. Each table with a relation to a contact must be some section's
   * (privacy/personal-columns.test.ts).
   */
  table: string;
  rows: (em: EntityManager, person: ExportedPerson) => Promise<Record<string, unknown>[]>;
}
