// The booking's advisory locks: a host's start time (claimed without waiting), a host's day
// (the daily cap) and a contact (one upcoming call). The builder has no words for them: Kysely's
// `sql` tag, run in the caller's transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { runSql } from '../db/typed-sql';

/**
 * Serialises the daily-cap count of one host's local day until the transaction (or savepoint)
 * ends: each booking counts the day after its own insert while holding this, so it sees every
 * earlier holder's committed booking, and two can never both squeeze under the cap.
 */
export async function lockHostDay(
  em: EntityManager,
  hostId: number,
  localDate: string,
): Promise<void> {
  const key = `booking_host_day:${hostId}:${localDate}`;
  await runSql(em, sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Claims the host's (`hostId`, an expression) start time for this transaction without waiting:
 * false while another transaction is booking that very time with that host, so a crowd racing
 * for one slot is answered at once instead of queueing behind the one that gets it. Re-entrant:
 * claiming a time this transaction holds is true.
 */
export const claimSlot = (hostId: RawBuilder<unknown>, start: Date) =>
  sql<boolean>`pg_try_advisory_xact_lock(hashtextextended('booking_slot:' || ${hostId} || ':' || ${String(start.getTime())}, 0))`;

/** Claims one host's start time for this transaction (see claimSlot). */
export async function tryClaimSlot(
  em: EntityManager,
  hostId: number,
  start: Date,
): Promise<boolean> {
  const [row] = await runSql(
    em,
    sql<{ claimed: boolean }>`select ${claimSlot(sql`${hostId}::int`, start)} as claimed`,
  );
  return row?.claimed === true;
}

/** Serialises one contact's bookings: two tabs booking at once still leave one upcoming call. */
export async function lockContact(em: EntityManager, contactId: number): Promise<void> {
  await runSql(em, sql`select pg_advisory_xact_lock(hashtext('booking_contact'), ${contactId})`);
}
