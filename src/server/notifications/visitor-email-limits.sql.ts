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
 * Whether the released messages to visitors matching `where` number `limit` or more: one partial
 * index read (`to_visitor` and the kind written as literals, so the planner matches its
 * predicate) that stops at the limit.
 */
const reaches = (where: RawBuilder<unknown>, limit: number) =>
  sql<boolean>`(select count(*) from (
      select 1 from notification_messages
       where to_visitor and released_at is not null and ${where}
       limit ${limit}) as recent) >= ${limit}`;

/** Checks the four limits for `message` and stamps it released in the same statement when none is reached. */
const release = (message: VisitorEmail, hourlyLimit: number) => {
  const to = sql`lower("to") = lower(${message.to})`;
  return sql<{ auto_reply: boolean; booking: boolean; address: boolean; hourly: boolean }>`
    with held as (
      select ${message.kind === 'auto_reply'} and ${reaches(sql`kind = 'auto_reply' and ${to} and ${DAY}`, 1)} as auto_reply,
             ${reaches(sql`booking_id = ${message.bookingId ?? null} and ${DAY}`, VISITOR_EMAIL_LIMITS.perBookingPerDay)} as booking,
             ${reaches(sql`${to} and ${DAY}`, VISITOR_EMAIL_LIMITS.perAddressPerDay)} as address,
             ${reaches(releasedWithin('1 hour'), hourlyLimit)} as hourly),
    released as (
      update notification_messages set released_at = now()
       where id = ${message.id} and not exists (
         select 1 from held where auto_reply or booking or address or hourly))
    select auto_reply, booking, address, hourly from held`;
};

/**
 * Releases messages to visitors for sending (stamps released_at, which the limits count) or
 * says why each is held back, in order: a later one counts the earlier ones released. One
 * release at a time across every instance (an advisory lock held for this short transaction:
 * the lock, then one statement per message that checks and stamps), so parallel workers cannot
 * both take the last place; submissions and bookings never wait for it, as only the email
 * workers release.
 */
export async function releaseVisitorEmails(
  em: EntityManager,
  messages: VisitorEmail[],
): Promise<Map<number, string | null>> {
  const outcomes = new Map<number, string | null>();
  if (!messages.length) return outcomes;
  const { autoReplyHourlyLimit } = await getNotificationSettings(em);
  await em.transactional(async (tem) => {
    await lockForTransaction(tem, 'visitor_email_release');
    for (const message of messages) {
      const [held] = await runSql(tem, release(message, autoReplyHourlyLimit));
      outcomes.set(
        message.id,
        held?.auto_reply
          ? VISITOR_EMAIL_LIMIT_REASONS.autoReply
          : held?.booking
            ? VISITOR_EMAIL_LIMIT_REASONS.booking
            : held?.address
              ? VISITOR_EMAIL_LIMIT_REASONS.address
              : held?.hourly
                ? VISITOR_EMAIL_LIMIT_REASONS.hourly(autoReplyHourlyLimit)
                : null,
      );
    }
  });
  return outcomes;
}
