// After a restore: the database is back at a backup taken before some erasures, the ledger's
// file is not. Every start (and `npm run privacy:reapply`) compares the two and erases again
// whatever the file names that the table does not; the file gets the lines it lacks.
import type { EntityManager } from '@mikro-orm/postgresql';
import { noErasureCounts, type TErasureCounts } from '../../shared/privacy.schema';
import { eraseAddresses, type ErasureDeps } from './erasure.service';
import { forEachHeldAddress } from './erasure-reapply.sql';
import { ledgerLines, recordErasure } from './erasure-ledger.sql';

export interface ReapplyOutcome {
  /** Hashes looked for (the file's not in the table, or all with `all`). */
  hashes: number;
  /** Addresses found again and erased. */
  addresses: number;
  counts: TErasureCounts;
}

const REASON = 'Erased again: the ledger names it and the database held it (a restore)';

/**
 * Reapplies the ledger: with `all`, every hash it names (the command); else only those the file
 * has and the table lacks (the start-up, a no-op unless the database was restored).
 */
export async function reapplyErasures(
  em: EntityManager,
  deps: ErasureDeps,
  { all = false }: { all?: boolean } = {},
): Promise<ReapplyOutcome> {
  const inFile = new Set(deps.ledger.read().flatMap((line) => line.addressHashes));
  // One read of the table: its hashes, and its entries the file lacks (a new or lost file).
  const tableLines = await ledgerLines(em);
  const inTable = new Set(tableLines.flatMap((line) => line.addressHashes));
  for (const line of tableLines)
    if (line.addressHashes.some((h) => !inFile.has(h))) deps.ledger.append(line);
  const wanted = new Set(
    all ? [...inFile, ...inTable] : [...inFile].filter((h) => !inTable.has(h)),
  );
  if (!wanted.size) return { hashes: 0, addresses: 0, counts: noErasureCounts() };

  const found = new Map<string, string>();
  await forEachHeldAddress(em, (addresses) => {
    for (const address of addresses) {
      const hash = deps.ledger.hash(address);
      if (wanted.has(hash)) found.set(hash, address);
    }
  });
  const by = { trigger: 'reapply' as const, actor: null, reason: REASON };
  const counts = found.size
    ? (await eraseAddresses(em, deps, [...found.values()], by)).counts
    : noErasureCounts();
  // Hashes with nothing left to erase are noted too, so the next start does not look again.
  const notHeld = [...wanted].filter((h) => !found.has(h) && !inTable.has(h));
  if (notHeld.length)
    await em.transactional((tem) =>
      recordErasure(tem, deps.ledger, {
        addressHashes: notHeld,
        erasedAt: new Date(),
        by,
        counts: noErasureCounts(),
      }),
    );
  return { hashes: wanted.size, addresses: found.size, counts };
}
