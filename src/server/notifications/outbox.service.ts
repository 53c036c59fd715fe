import type { EntityManager } from '@mikro-orm/postgresql';
import type { TNotificationKind } from '../../shared/notifications.schema';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from './mailer';
import { EMAIL_QUEUE } from './email.queue';
import { Notification } from './notification.entity';
import { insertMessages, type OutboxEmail } from './outbox.sql';

export type { OutboxEmail };
/** Deleting emails with their jobs (a person's erasure reaches the reminders of their tasks). */
export { deleteEmails } from './outbox-erasure.sql';

/** How the app sends: both parts present means email is configured (SMTP_URL). */
export interface Notifier {
  queue?: JobQueue;
  mailer?: Mailer;
  /** Base of links into the admin, e.g. http://localhost:3000. */
  publicUrl: string;
  /** The lead's booking page (absolute), for the auto-reply; undefined while booking is off. */
  bookingLink?: (em: EntityManager, contactId: number) => Promise<string | undefined>;
  /** Minutes before a booked call that the lead is reminded (BOOKING_REMINDER_OFFSETS). */
  bookingReminderOffsets?: number[];
}

/** A delayed email's job must outlive pg-boss's 14-day default for jobs not yet started. */
const RETENTION_AFTER_SEND_SECONDS = 14 * 24 * 3600;

/**
 * Writes the messages and enqueues their sending, in `em`'s open transaction: a rollback leaves
 * neither, a commit keeps both, so a crash after the commit only delays them. Without SMTP the
 * messages are kept as not_configured. Answers the messages' ids, in order.
 */
export async function queueEmails(
  em: EntityManager,
  messages: OutboxEmail[],
  notifier: Notifier,
): Promise<number[]> {
  if (!messages.length) return [];
  const { queue, mailer } = notifier;
  const status = queue && mailer ? ('queued' as const) : ('not_configured' as const);
  const ids = await insertMessages(em, messages, status);
  if (!queue || !mailer) return ids;
  const now = Date.now();
  await queue.sendManyInTransaction(
    em,
    EMAIL_QUEUE,
    messages.map((row, i) => ({
      data: { notificationId: ids[i]! },
      ...(row.sendAfter
        ? {
            startAfter: row.sendAfter,
            retentionSeconds:
              Math.ceil((row.sendAfter.getTime() - now) / 1000) + RETENTION_AFTER_SEND_SECONDS,
          }
        : {}),
    })),
  );
  return ids;
}

/**
 * Marks a booking's messages that are still waiting (reminders) as suppressed, with the reason;
 * their jobs then find nothing to send. Runs in the transaction that moves or cancels the call.
 */
export async function suppressQueuedEmails(
  em: EntityManager,
  bookingId: number,
  reason: string,
): Promise<void> {
  await em.nativeUpdate(
    Notification,
    { bookingId, status: { $in: ['queued', 'not_configured'] }, sendAfter: { $ne: null } },
    { status: 'suppressed', lastError: reason },
  );
}

/**
 * Marks these messages as suppressed, with the reason, if they are still waiting (a reminder of a
 * task done, moved or reassigned); their jobs then find nothing to send.
 */
export async function suppressWaitingEmails(
  em: EntityManager,
  ids: number[],
  reason: string,
): Promise<void> {
  if (!ids.length) return;
  await em.nativeUpdate(
    Notification,
    { id: { $in: ids }, status: { $in: ['queued', 'not_configured'] } },
    { status: 'suppressed', lastError: reason },
  );
}

/** Whether a message of `kind` was queued after `since` (digests go out at most so often). */
export async function queuedSince(
  em: EntityManager,
  kind: TNotificationKind,
  since: Date,
): Promise<boolean> {
  return (await em.count(Notification, { kind, createdAt: { $gt: since } })) > 0;
}
