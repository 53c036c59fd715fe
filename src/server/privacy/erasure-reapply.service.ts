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

/** The reapply's reason, naming the ledger line it carries out. */
const reasonFor = (erasedAt: string) =>
  `Erased again: the ledger line of ${erasedAt} names it and the database held it (a restore)`;
const NOT_HELD = 'Noted from the ledger: the database held nothing of it';

/**
 * Reapplies the ledger: with `all`, every hash it names (the command); else only those the file
 * has and the table lacks (the start-up, a no-op unless the database was restored).
 */
export async function reapplyErasures(
  em: EntityManager,
  deps: ErasureDeps,
  { all = false }: { all?: boolean } = {},
): Promise<ReapplyOutcome> {
  const fileLines = deps.ledger.read();
  const inFile = new Set(fileLines.flatMap((line) => line.addressHashes));
  // One read of the table: its hashes, and its entries the file lacks (a new or lost file).
  const tableLines = await ledgerLines(em);
  // Each hash's last erasure: what was created before it is what that line erased.
  const erasedAt = new Map<string, string>();
  for (const line of [...fileLines, ...tableLines])
    for (const hash of line.addressHashes) {
      const seen = erasedAt.get(hash);
      if (!seen || Date.parse(line.erasedAt) > Date.parse(seen)) erasedAt.set(hash, line.erasedAt);
    }
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
  // One erasure per ledger line (its time), of what was created before it: someone who came
  // back after being erased keeps what they gave since.
  const byLine = new Map<string, string[]>();
  for (const [hash, address] of found) {
    const at = new Date(erasedAt.get(hash)!).toISOString();
    byLine.set(at, [...(byLine.get(at) ?? []), address]);
  }
  const counts = noErasureCounts();
  for (const [at, addresses] of [...byLine].sort()) {
    const by = { trigger: 'reapply' as const, actor: null, reason: reasonFor(at) };
    const done = await eraseAddresses(em, deps, addresses, by, at);
    for (const key of Object.keys(counts) as (keyof TErasureCounts)[])
      counts[key] += done.counts[key];
  }
  // Hashes with nothing left to erase are noted too, so the next start does not look again.
  const notHeld = [...wanted].filter((h) => !found.has(h) && !inTable.has(h));
  if (notHeld.length)
    await em.transactional((tem) =>
      recordErasure(tem, deps.ledger, {
        addressHashes: notHeld,
        erasedAt: new Date(),
        by: { trigger: 'reapply', actor: null, reason: NOT_HELD },
        counts: noErasureCounts(),
      }),
    );
  return { hashes: wanted.size, addresses: found.size, counts };
}
