// The relay limits of the auto-reply, decided when it is about to be sent: at most one per
// recipient address per 24 hours, and at most the hourly number the settings allow for the site.
import type { EntityManager } from '@mikro-orm/postgresql';
import { getNotificationSettings } from './notification-settings.service';

export const AUTO_REPLY_LIMIT_REASONS = {
  recipient: 'An auto-reply went to this address in the last 24 hours',
  hourly: (limit: number) =>
    `The site already sent ${limit.toLocaleString('en-US')} auto-replies in the last hour (the hourly limit)`,
} as const;

/**
 * Releases an auto-reply for sending (stamps released_at, which the limits count) or says why it
 * is held back. One release at a time across every instance (an advisory lock held for this
 * short transaction), so parallel workers cannot both take the last place; lead submissions never
 * wait for it, as only the email workers release.
 */
export async function releaseAutoReply(
  em: EntityManager,
  notificationId: number,
  to: string,
): Promise<string | null> {
  return em.transactional(async (tem) => {
    await tem.execute(`select pg_advisory_xact_lock(hashtext('auto_reply_release'))`);
    const { autoReplyHourlyLimit } = await getNotificationSettings(tem);
    // Each question reads one index; the hourly count stops at the limit (at most 10,000 rows).
    const [recipient] = await tem.execute<{ seen: boolean }[]>(
      `select exists (select 1 from notification_messages
                       where kind = 'auto_reply' and released_at is not null and lower("to") = lower(?)
                         and released_at > now() - interval '24 hours') as seen`,
      [to],
    );
    if (recipient?.seen) return AUTO_REPLY_LIMIT_REASONS.recipient;
    const [hour] = await tem.execute<{ released: string }[]>(
      `select count(*) as released from (
         select 1 from notification_messages
          where kind = 'auto_reply' and released_at is not null and released_at > now() - interval '1 hour'
          limit ?) as last_hour`,
      [autoReplyHourlyLimit],
    );
    if (Number(hour?.released) >= autoReplyHourlyLimit)
      return AUTO_REPLY_LIMIT_REASONS.hourly(autoReplyHourlyLimit);
    await tem.execute(`update notification_messages set released_at = now() where id = ?`, [
      notificationId,
    ]);
    return null;
  });
}
