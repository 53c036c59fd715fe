// The erasure ledger's table: written with its file line in the erasure's transaction, read by
// the Privacy screen and by the reapply after a restore.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type {
  TErasureCounts,
  TErasureLedgerPage,
  TErasureLedgerQuery,
} from '../../shared/privacy.schema';
import { recordedActor } from '../../shared/audit.schema';
import { runSql } from '../db/typed-sql';
import type { ErasureBy, ErasureLedger, LedgerLine } from './erasure-ledger-file';
import { PrivacyErasure } from './privacy-erasure.entity';

interface NewEntry {
  addressHashes: string[];
  erasedAt: Date;
  by: ErasureBy;
  counts: TErasureCounts;
}

/**
 * Writes the entry, and its line to the file before the transaction commits: a crash between
 * the two leaves a line for an erasure that did not happen, which the next start completes (the
 * person asked for it), never an erasure the file does not know.
 */
export async function recordErasure(
  em: EntityManager,
  ledger: ErasureLedger,
  entry: NewEntry,
): Promise<{ id: number; erasedAt: string }> {
  const id = (await em.insert(PrivacyErasure, {
    addressHashes: entry.addressHashes,
    erasedAt: entry.erasedAt,
    trigger: entry.by.trigger,
    actor: entry.by.actor?.id ?? null,
    actorUsername: entry.by.actor?.username.slice(0, 50) ?? null,
    reason: entry.by.reason.slice(0, 500),
    counts: entry.counts,
  })) as number;
  const erasedAt = entry.erasedAt.toISOString();
  ledger.append({
    addressHashes: entry.addressHashes,
    erasedAt,
    trigger: entry.by.trigger,
    actorUsername: entry.by.actor?.username ?? null,
    counts: entry.counts,
  });
  return { id, erasedAt };
}

/** The latest entry naming any of these hashes. */
export async function earlierErasure(
  em: EntityManager,
  hashes: string[],
): Promise<{ id: number; erasedAt: string } | undefined> {
  const [row] = await runSql(
    em,
    sql<{ id: number; erased_at: string }>`select id, erased_at from privacy_erasures
      where address_hashes @> any(${hashes.map((h) => JSON.stringify([h]))}::jsonb[])
      order by id desc limit 1`,
  );
  return row && { id: row.id, erasedAt: new Date(row.erased_at).toISOString() };
}

/** A page of the ledger, newest first. */
export async function listErasures(
  em: EntityManager,
  query: TErasureLedgerQuery,
): Promise<TErasureLedgerPage> {
  const rows = await runSql(
    em,
    sql<{
      id: number;
      address_hashes: string[];
      erased_at: string;
      trigger: 'request' | 'retention' | 'reapply';
      actor_id: number | null;
      actor_username: string | null;
      reason: string;
      counts: TErasureCounts;
    }>`select id, address_hashes, erased_at, trigger, actor_id, actor_username, reason, counts
         from privacy_erasures
        where ${query.cursor === undefined ? sql`true` : sql`id < ${Number(query.cursor)}`}
        order by id desc limit ${query.limit + 1}`,
  );
  const items = rows.slice(0, query.limit).map((r) => ({
    id: r.id,
    addressHashes: r.address_hashes,
    erasedAt: new Date(r.erased_at).toISOString(),
    trigger: r.trigger,
    actor: recordedActor(r.actor_id, r.actor_username),
    reason: r.reason,
    counts: r.counts,
  }));
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}

/** Every entry of the table, as the file's lines (the reapply compares the two). */
export async function ledgerLines(em: EntityManager): Promise<LedgerLine[]> {
  const rows = await runSql(
    em,
    sql<{
      address_hashes: string[];
      erased_at: string;
      trigger: string;
      actor_username: string | null;
      counts: TErasureCounts;
    }>`select address_hashes, erased_at, trigger, actor_username, counts
         from privacy_erasures order by id`,
  );
  return rows.map((r) => ({
    addressHashes: r.address_hashes,
    erasedAt: new Date(r.erased_at).toISOString(),
    trigger: r.trigger,
    actorUsername: r.actor_username,
    counts: r.counts,
  }));
}
