// The erasure ledger's copy outside the database. A restore from a backup taken before an
// erasure brings the person's rows back and rolls the ledger table back with them; this file is
// not restored, so it still names every erased address (as a keyed hash) and the start-up erases
// them again (erasure-reapply.service.ts). Lines are JSON, appended and flushed to disk.
import { createHmac, hkdfSync } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ERASURE_TRIGGERS, TErasureCounts } from '../../shared/privacy.schema';

/** Who asked for an erasure, and why. */
export interface ErasureBy {
  trigger: (typeof ERASURE_TRIGGERS)[number];
  actor: { id: number; username: string } | null;
  reason: string;
}

/** One line of the file: no address, no reason (free text may name the person). */
export interface LedgerLine {
  addressHashes: string[];
  erasedAt: string;
  trigger: string;
  actorUsername: string | null;
  counts: TErasureCounts;
}

export interface ErasureLedger {
  /** HMAC-SHA256 of the address in lower case, hex. */
  hash(address: string): string;
  append(line: LedgerLine): void;
  read(): LedgerLine[];
  readonly path: string;
}

/**
 * The ledger at `path`, hashing with `secret` (PRIVACY_LEDGER_KEY, else a key derived from
 * SESSION_SECRET: changing the secret without setting PRIVACY_LEDGER_KEY to the old one makes
 * old entries unmatched, see docs/OPERATIONS.md).
 */
export function erasureLedger(path: string, secret: string): ErasureLedger {
  const key = Buffer.from(hkdfSync('sha256', secret, 'convoza', 'erasure-ledger', 32));
  return {
    path,
    hash: (address) => createHmac('sha256', key).update(address.trim().toLowerCase()).digest('hex'),
    append(line) {
      mkdirSync(dirname(path), { recursive: true });
      // appendFileSync opens, writes and closes with O_APPEND: whole lines, even from two
      // processes; `flush` asks for it to reach the disk before the erasure commits.
      appendFileSync(path, `${JSON.stringify(line)}\n`, { mode: 0o600, flush: true });
    },
    read() {
      if (!existsSync(path)) return [];
      const lines: LedgerLine[] = [];
      for (const text of readFileSync(path, 'utf8').split('\n')) {
        if (!text.trim()) continue;
        try {
          const line = JSON.parse(text) as LedgerLine;
          if (
            Array.isArray(line.addressHashes) &&
            line.addressHashes.every((h) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h))
          )
            lines.push(line);
        } catch {
          // A line cut by a crash mid-write: the whole lines around it still count.
        }
      }
      return lines;
    },
  };
}

/**
 * The ledger the configuration names: PRIVACY_LEDGER_PATH (default DATA_DIR/erasure-ledger.jsonl),
 * keyed with PRIVACY_LEDGER_KEY or else the session secret. The server and the reapply command
 * both open it here, so they always agree on the file and the key.
 */
export function configuredErasureLedger(
  config: { PRIVACY_LEDGER_PATH?: string; PRIVACY_LEDGER_KEY?: string; DATA_DIR: string },
  sessionSecret: string,
): ErasureLedger {
  return erasureLedger(
    config.PRIVACY_LEDGER_PATH ?? join(config.DATA_DIR, 'erasure-ledger.jsonl'),
    config.PRIVACY_LEDGER_KEY ?? sessionSecret,
  );
}
