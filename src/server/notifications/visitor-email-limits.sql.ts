// The relay limits of messages to visitors (the auto-reply, a lead's call invitations and
// reminders), decided when one is about to be sent. A visitor types any address into the contact
// form, so without them the site mails a stranger on anyone's behalf. At most:
// - one auto-reply per address per 24 hours;
// - VISITOR_EMAIL_LIMITS.perBookingPerDay messages about one booked call per 24 hours;
// - VISITOR_EMAIL_LIMITS.perAddressPerDay messages to one address per 24 hours, all kinds;
// - the settings' autoReplyHourlyLimit messages to visitors per hour for the whole site.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import type { TNotificationKind } from '../../shared/notifications.schema';
import { lockForTransaction } from '../db/advisory-lock.sql';
import { runSql } from '../db/typed-sql';
import { getNotificationSettings } from './notification-settings.service';

export const VISITOR_EMAIL_LIMITS = { perBookingPerDay: 10, perAddressPerDay: 20 } as const;

export const VISITOR_EMAIL_LIMIT_REASONS = {
  autoReply: 'An auto-reply went to this address in the last 24 hours',
  booking: `${VISITOR_EMAIL_LIMITS.perBookingPerDay} emails about this call went to the lead in the last 24 hours`,
  address: `${VISITOR_EMAIL_LIMITS.perAddressPerDay} emails went to this address in the last 24 hours`,
  hourly: (limit: number) =>
    `The site already sent ${limit.toLocaleString('en-US')} emails to visitors in the last hour (the hourly limit)`,
} as const;

interface VisitorEmail {
  id: number;
  kind: TNotificationKind;
  to: string;
  bookingId?: number | null;
}

/** Released within the last `interval` (a constant, so the partial indexes match). */
const releasedWithin = (interval: '24 hours' | '1 hour') =>
  sql`released_at > now() - ${sql.lit(interval)}::interval`;
const DAY = releasedWithin('24 hours');

/**
 * How many released messages to visitors match `where`, counted up to `limit`: one partial
 * index read (`to_visitor` and the kind written as literals, so the planner matches its
 * predicate) that stops at the limit.
 */
const counted = (where: RawBuilder<unknown>, limit: number) =>
  sql<number>`(select count(*)::int from (
      select 1 from notification_messages
       where to_visitor and released_at is not null and ${where}
       limit ${limit}) as recent)`;

/** What was released before a message, per limit (each count stops at its limit). */
interface ReleasedBefore {
  id: number;
  /** The address as the indexes compare it (lower-cased by PostgreSQL). */
  address: string;
  auto_reply: number;
  booking: number;
  by_address: number;
  hourly: number;
}

/**
 * How many messages to visitors were released before this statement, per limit, for each of
 * `messages`: one statement for a batch.
 */
const releasedBefore = (messages: readonly VisitorEmail[], hourlyLimit: number) => {
  const to = sql`lower("to") = lower(m."to")`;
  return sql<ReleasedBefore>`
    select m.id, lower(m."to") as address,
           ${counted(sql`kind = 'auto_reply' and ${to} and ${DAY}`, 1)} as auto_reply,
           ${counted(sql`booking_id = m.booking_id and ${DAY}`, VISITOR_EMAIL_LIMITS.perBookingPerDay)} as booking,
           ${counted(sql`${to} and ${DAY}`, VISITOR_EMAIL_LIMITS.perAddressPerDay)} as by_address,
           ${counted(releasedWithin('1 hour'), hourlyLimit)} as hourly
      from unnest(${messages.map((m) => m.id)}::int[],
                  ${messages.map((m) => m.to)}::text[],
                  ${messages.map((m) => m.bookingId ?? null)}::int[]) as m(id, "to", booking_id)`;
};

/** Stamps `ids` released: the limits count them from now on. */
const stampReleased = (ids: readonly number[]) =>
  sql`update notification_messages set released_at = now() where id = any(${ids}::int[])`;

/**
 * Decides, in order, which of `messages` may be sent, from the counts released before them and
 * the ones of this batch released ahead of each: why each is held back, or null.
 */
function decide(
  messages: readonly VisitorEmail[],
  before: Map<number, ReleasedBefore>,
  hourlyLimit: number,
) {
  const outcomes = new Map<number, string | null>();
  const autoReplied = new Set<string>();
  const perBooking = new Map<number, number>();
  const perAddress = new Map<string, number>();
  let released = 0;
  for (const message of messages) {
    const counts = before.get(message.id)!;
    const address = counts.address;
    const booking = message.bookingId ?? null;
    const reason =
      message.kind === 'auto_reply' && (counts.auto_reply >= 1 || autoReplied.has(address))
        ? VISITOR_EMAIL_LIMIT_REASONS.autoReply
        : booking !== null &&
            counts.booking + (perBooking.get(booking) ?? 0) >= VISITOR_EMAIL_LIMITS.perBookingPerDay
          ? VISITOR_EMAIL_LIMIT_REASONS.booking
          : counts.by_address + (perAddress.get(address) ?? 0) >=
              VISITOR_EMAIL_LIMITS.perAddressPerDay
            ? VISITOR_EMAIL_LIMIT_REASONS.address
            : counts.hourly + released >= hourlyLimit
              ? VISITOR_EMAIL_LIMIT_REASONS.hourly(hourlyLimit)
              : null;
    outcomes.set(message.id, reason);
    if (reason) continue;
    released += 1;
    if (message.kind === 'auto_reply') autoReplied.add(address);
    if (booking !== null) perBooking.set(booking, (perBooking.get(booking) ?? 0) + 1);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
  }
  return outcomes;
}

/**
 * Releases messages to visitors for sending (stamps released_at, which the limits count) or
 * says why each is held back, in order: a later one counts the earlier ones released. One
 * release at a time across every instance (an advisory lock held for this short transaction:
 * the lock, one read of what was released before, one stamp for the batch), so parallel workers
 * cannot both take the last place; submissions and bookings never wait for it, as only the
 * email workers release.
 */
export async function releaseVisitorEmails(
  em: EntityManager,
  messages: VisitorEmail[],
): Promise<Map<number, string | null>> {
  if (!messages.length) return new Map();
  const { autoReplyHourlyLimit } = await getNotificationSettings(em);
  return em.transactional(async (tem) => {
    await lockForTransaction(tem, 'visitor_email_release');
    const rows = await runSql(tem, releasedBefore(messages, autoReplyHourlyLimit));
    const outcomes = decide(
      messages,
      new Map(rows.map((row) => [row.id, row])),
      autoReplyHourlyLimit,
    );
    const released = messages.filter((m) => outcomes.get(m.id) === null).map((m) => m.id);
    if (released.length) await runSql(tem, stampReleased(released));
    return outcomes;
  });
}
