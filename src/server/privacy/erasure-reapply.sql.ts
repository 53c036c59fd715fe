// The addresses the database holds, in lower case, for the reapply to hash and compare with the
// ledger (a hash cannot be turned back into an address, so every address is hashed instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';

const PAGE = 50_000;

/** Hands each page of the addresses to `take`, table by table, in id order. */
export async function forEachHeldAddress(
  em: EntityManager,
  take: (addresses: string[]) => void,
): Promise<void> {
  const paged = [
    { table: 'contacts', address: sql`lower(r.email)` },
    { table: 'notification_messages', address: sql`lower(r."to")` },
    { table: 'quarantined_submissions', address: sql`lower(r.payload->>'email')` },
  ];
  for (const { table, address } of paged) {
    let after = 0;
    for (;;) {
      const rows = await runSql(
        em,
        sql<{ id: number; address: string | null }>`select r.id, ${address} as address
          from ${sql.table(table)} r where r.id > ${after} order by r.id limit ${PAGE}`,
      );
      if (!rows.length) break;
      take(rows.flatMap((r) => (r.address ? [r.address] : [])));
      after = rows[rows.length - 1]!.id;
    }
  }
}
