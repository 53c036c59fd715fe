// A person, erased: every copy of their data found by their address (erasure.sql.ts) deleted or
// redacted in one transaction, the ledger entry written to the table and to its file, and the
// erasure published (the audit files it, webhooks tell downstream systems with contact.erased).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MetadataStorage } from '@mikro-orm/core';
import {
  noErasureCounts,
  type TErasureCounts,
  type TErasureResult,
} from '../../shared/privacy.schema';
import type { ErasedPeople, ErasureHook } from '../privacy-hooks';
import { auditEntityTypeOf } from '../audit/audit.service';
import { lockForTransaction } from '../db/advisory-lock.sql';
import { isPersonal } from '../db/personal-data';
import type { EventBus } from '../events/event-bus';
import type { ErasureBy, ErasureLedger } from './erasure-ledger-file';

export type { ErasureBy } from './erasure-ledger-file';
import { idsAboutContacts } from './erasure.sql';
import { contactIdsWithAddresses } from '../contacts/contacts.service';
import { earlierErasure, recordErasure } from './erasure-ledger.sql';

/**
 * What an erasure needs of the app: the bus it publishes on, the ledger's file and key, and
 * every feature's part of it (features.ts).
 */
export interface ErasureDeps {
  events: EventBus;
  ledger: ErasureLedger;
  erasers: readonly ErasureHook[];
}

/** Derived from the entities once per ORM: the marked fields, and the tables about a contact. */
interface PersonalShape {
  /** Property names of every field marked personal (the audit's change keys). */
  fields: string[];
  /** Tables with a relation to a contact: their rows' audit entries are about the person. */
  linked: { table: string; entityType: string }[];
}
const shapes = new WeakMap<MetadataStorage, PersonalShape>();

function personalShape(em: EntityManager): PersonalShape {
  const metadata = em.getMetadata();
  let shape = shapes.get(metadata);
  if (!shape) {
    const all = [...metadata.getAll().values()];
    shape = {
      fields: [...new Set(all.flatMap((m) => Object.values(m.properties).filter(isPersonal)))].map(
        (p) => p.name,
      ),
      linked: all
        .filter((m) =>
          Object.values(m.properties).some((p) => p.kind === 'm:1' && p.type === 'Contact'),
        )
        .map((m) => ({ table: m.tableName, entityType: auditEntityTypeOf(m.className) })),
    };
    shapes.set(metadata, shape);
  }
  return shape;
}

/** `contact:12`, `booking:3`…: the audit's names of the records about these contacts. */
async function recordsAbout(em: EntityManager, contactIds: number[]): Promise<string[]> {
  if (!contactIds.length) return [];
  const about = contactIds.map((id) => `contact:${id}`);
  for (const { table, entityType } of personalShape(em).linked)
    for (const id of await idsAboutContacts(em, table, contactIds))
      about.push(`${entityType}:${id}`);
  return about;
}

/** Every feature's part, summed (hooks answer only what they count). */
async function eraseCopies(
  em: EntityManager,
  erasers: readonly ErasureHook[],
  who: ErasedPeople,
): Promise<TErasureCounts> {
  const counts = noErasureCounts();
  for (const erase of erasers) {
    const part = await erase(em, who);
    for (const [key, n] of Object.entries(part) as [keyof TErasureCounts, number][])
      counts[key] += n;
  }
  return counts;
}

/**
 * Erases everything held about these addresses (any case), in one transaction, and answers the
 * ledger entry with what went. When nothing was left and an address was erased before (a second
 * request), nothing is written to the ledger: the earlier entry is answered with zero counts.
 * Erasures run one at a time (a lock), so two of the same address cannot interleave.
 */
export function eraseAddresses(
  em: EntityManager,
  deps: ErasureDeps,
  addresses: readonly string[],
  by: ErasureBy,
  /** Only what was created before then (a reapplied ledger line's erasedAt). */
  before: string | null = null,
): Promise<TErasureResult> {
  const lower = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  const hashes = lower.map((a) => deps.ledger.hash(a));
  return em.transactional(async (tem) => {
    await lockForTransaction(tem, 'privacy-erasure');
    const contactIds = await contactIdsWithAddresses(tem, lower, before);
    await deps.events.publish(tem, 'person.erasing', { contactIds });
    const counts = await eraseCopies(tem, deps.erasers, {
      addresses: lower,
      contactIds,
      before,
      // Named before the contacts go: the rows about them go with them.
      records: await recordsAbout(tem, contactIds),
      personalFields: personalShape(tem).fields,
    });
    const nothingLeft = Object.values(counts).every((n) => n === 0);
    const earlier = nothingLeft ? await earlierErasure(tem, hashes) : undefined;
    const entry =
      earlier ??
      (await recordErasure(tem, deps.ledger, {
        addressHashes: hashes,
        erasedAt: new Date(),
        by,
        counts,
      }));
    await deps.events.publish(tem, 'person.erased', {
      erasureId: entry.id,
      contactIds,
      erasedAt: entry.erasedAt,
      trigger: by.trigger,
      reason: by.reason,
      counts,
    });
    return { id: entry.id, erasedAt: entry.erasedAt, counts };
  });
}
