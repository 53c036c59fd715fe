// The relay limits of messages to visitors (the auto-reply, a lead's call invitations and
// reminders), decided when one is about to be sent. A visitor types any address into the contact
// form, so without them the site mails a stranger on anyone's behalf. At most:
// - one auto-reply per address per 24 hours;
// - VISITOR_EMAIL_LIMITS.perBookingPerDay messages about one booked call per 24 hours;
// - VISITOR_EMAIL_LIMITS.perAddressPerDay messages to one address per 24 hours, all kinds;
// - the settings' autoReplyHourlyLimit messages to visitors per hour for the whole site.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionOrFactory, type SqlBool } from 'kysely';
import type { TNotificationKind } from '../../shared/notifications.schema';
import { lockForTransaction } from '../db/advisory-lock.sql';
import { typedSql, type TypedDB } from '../db/typed-sql';
import { Notification } from './notification.entity';
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

const messagesSql = (em: EntityManager) => typedSql(em, [Notification]);
type Where = ExpressionOrFactory<TypedDB<typeof Notification>, 'notification_messages', SqlBool>;

/** Released within the last `interval` (PostgreSQL interval text, a constant). */
const releasedWithin =
  (interval: '24 hours' | '1 hour'): Where =>
  (eb) =>
    eb('released_at', '>', sql<string>`now() - ${sql.lit(interval)}::interval`);
/** Addressed to `to`, in any case (the partial indexes are on lower("to")). */
const addressedTo =
  (to: string): Where =>
  (eb) =>
    eb(eb.fn('lower', ['to']), '=', eb.fn('lower', [eb.val(to)]));

/** Whether the released messages to visitors matching `where` number `limit` or more. */
async function reaches(em: EntityManager, where: Where[], limit: number): Promise<boolean> {
  // Each question reads one partial index (`to_visitor`, not `to_visitor = $1`, so the planner
  // matches its predicate) and stops at the limit.
  const row = await messagesSql(em)
    .selectFrom((db) =>
      where
        .reduce(
          (query, condition) => query.where(condition),
          db
            .selectFrom('notification_messages')
            .select(sql.lit(1).as('one'))
            .where((eb) => eb.ref('to_visitor'))
            .where('released_at', 'is not', null),
        )
        .limit(limit)
        .as('recent'),
    )
    .select(({ fn }) => fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n) >= limit;
}

/**
 * Releases a message to a visitor for sending (stamps released_at, which the limits count) or
 * says why it is held back. One release at a time across every instance (an advisory lock held
 * for this short transaction), so parallel workers cannot both take the last place; submissions
 * and bookings never wait for it, as only the email workers release.
 */
export async function releaseVisitorEmail(
  em: EntityManager,
  message: VisitorEmail,
): Promise<string | null> {
  return em.transactional(async (tem) => {
    await lockForTransaction(tem, 'visitor_email_release');
    const day = releasedWithin('24 hours');
    const autoReply: Where = (eb) => eb('kind', '=', sql.lit('auto_reply'));
    if (
      message.kind === 'auto_reply' &&
      (await reaches(tem, [autoReply, addressedTo(message.to), day], 1))
    )
      return VISITOR_EMAIL_LIMIT_REASONS.autoReply;
    const bookingId = message.bookingId;
    if (
      bookingId &&
      (await reaches(
        tem,
        [(eb) => eb('booking_id', '=', bookingId), day],
        VISITOR_EMAIL_LIMITS.perBookingPerDay,
      ))
    )
      return VISITOR_EMAIL_LIMIT_REASONS.booking;
    if (await reaches(tem, [addressedTo(message.to), day], VISITOR_EMAIL_LIMITS.perAddressPerDay))
      return VISITOR_EMAIL_LIMIT_REASONS.address;
    const { autoReplyHourlyLimit } = await getNotificationSettings(tem);
    if (await reaches(tem, [releasedWithin('1 hour')], autoReplyHourlyLimit))
      return VISITOR_EMAIL_LIMIT_REASONS.hourly(autoReplyHourlyLimit);
    await messagesSql(tem)
      .updateTable('notification_messages')
      .set({ released_at: sql<string>`now()` })
      .where('id', '=', message.id)
      .execute();
    return null;
  });
}
