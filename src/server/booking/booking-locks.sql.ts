// The booking's advisory locks: a host's start time (claimed without waiting), a host's day
// (the daily cap) and a contact (one upcoming call). What the builder cannot say: SQL text.
import type { EntityManager } from '@mikro-orm/postgresql';

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
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [
    `booking_host_day:${hostId}:${localDate}`,
  ]);
}

/**
 * SQL claiming the start time (the `?` parameter, from slotParameter) of the host `hostIdSql`
 * for this transaction without waiting: false while another transaction is booking that very
 * time with that host, so a crowd racing for one slot is answered at once instead of queueing
 * behind the one that gets it. Re-entrant: claiming a time this transaction holds is true.
 */
export const claimSlotSql = (hostIdSql: string) =>
  `pg_try_advisory_xact_lock(hashtextextended('booking_slot:' || ${hostIdSql} || ':' || ?, 0))`;
export const slotParameter = (start: Date) => String(start.getTime());

/** Claims one host's start time for this transaction (see claimSlotSql). */
export async function tryClaimSlot(
  em: EntityManager,
  hostId: number,
  start: Date,
): Promise<boolean> {
  const [row] = await em.execute<{ claimed: boolean }[]>(
    `select ${claimSlotSql('?::int')} as claimed`,
    [hostId, slotParameter(start)],
  );
  return row?.claimed === true;
}

/** Serialises one contact's bookings: two tabs booking at once still leave one upcoming call. */
export async function lockContact(em: EntityManager, contactId: number): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('booking_contact'), ?)`, [contactId]);
}
