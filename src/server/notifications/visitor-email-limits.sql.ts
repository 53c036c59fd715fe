// The relay limits of messages to visitors (the auto-reply, a lead's call invitations and
// reminders), decided when one is about to be sent. A visitor types any address into the contact
// form, so without them the site mails a stranger on anyone's behalf. At most:
// - one auto-reply per address per 24 hours;
// - VISITOR_EMAIL_LIMITS.perBookingPerDay messages about one booked call per 24 hours;
// - VISITOR_EMAIL_LIMITS.perAddressPerDay messages to one address per 24 hours, all kinds;
// - the settings' autoReplyHourlyLimit messages to visitors per hour for the whole site.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TNotificationKind } from '../../shared/notifications.schema';
import { lockForTransaction } from '../db/advisory-lock.sql';
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

/** Whether the released messages to visitors matching `where` number `limit` or more. */
async function reaches(
  em: EntityManager,
  where: string,
  params: unknown[],
  limit: number,
): Promise<boolean> {
  // Each question reads one partial index and stops at the limit.
  const [row] = await em.execute<{ n: string }[]>(
    `select count(*) as n from (
       select 1 from notification_messages
        where to_visitor and released_at is not null and ${where}
        limit ?) as recent`,
    [...params, limit],
  );
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
    const day = `released_at > now() - interval '24 hours'`;
    if (
      message.kind === 'auto_reply' &&
      (await reaches(
        tem,
        `kind = 'auto_reply' and lower("to") = lower(?) and ${day}`,
        [message.to],
        1,
      ))
    )
      return VISITOR_EMAIL_LIMIT_REASONS.autoReply;
    if (
      message.bookingId &&
      (await reaches(
        tem,
        `booking_id = ? and ${day}`,
        [message.bookingId],
        VISITOR_EMAIL_LIMITS.perBookingPerDay,
      ))
    )
      return VISITOR_EMAIL_LIMIT_REASONS.booking;
    if (
      await reaches(
        tem,
        `lower("to") = lower(?) and ${day}`,
        [message.to],
        VISITOR_EMAIL_LIMITS.perAddressPerDay,
      )
    )
      return VISITOR_EMAIL_LIMIT_REASONS.address;
    const { autoReplyHourlyLimit } = await getNotificationSettings(tem);
    if (await reaches(tem, `released_at > now() - interval '1 hour'`, [], autoReplyHourlyLimit))
      return VISITOR_EMAIL_LIMIT_REASONS.hourly(autoReplyHourlyLimit);
    await tem.execute(`update notification_messages set released_at = now() where id = ?`, [
      message.id,
    ]);
    return null;
  });
}
