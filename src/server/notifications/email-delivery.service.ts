import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOutboxFind, TOutboxMessage } from '../../shared/notifications.schema';
import { QUEUES } from '../jobs/job-queue';
import { emailsTotal } from '../observability/metrics';
import type { Mailer } from './mailer';
import { Notification, type INotification } from './notification.entity';
import { releaseVisitorEmail } from './visitor-email-limits.sql';

/** Attempts before a message is marked failed (pg-boss stops retrying at the same count). */
export const EMAIL_MAX_ATTEMPTS = QUEUES.email.retryLimit + 1;

/** `<notification-12@convoza>`: the same on every attempt, so receivers can drop a repeat. */
export const messageIdOf = (id: number) => `<notification-${id}@convoza>`;

/**
 * Sends one outbox message. At least once: a crash after the SMTP server accepted it but before
 * `sent` is saved sends it again, with the same Message-ID. A message already sent is skipped.
 * A failure is recorded and rethrown so the job retries; the last attempt marks it failed.
 */
export async function deliverNotification(
  em: EntityManager,
  id: number,
  mailer: Mailer,
): Promise<void> {
  const message = await em.findOne(Notification, id);
  if (!message || message.status === 'sent' || message.status === 'suppressed') return;
  if (message.toVisitor && !message.releasedAt) {
    const heldBack = await releaseVisitorEmail(em, message);
    if (heldBack) {
      message.status = 'suppressed';
      message.lastError = heldBack;
      await em.flush();
      emailsTotal.inc({ kind: message.kind, status: 'suppressed' });
      return;
    }
  }
  message.attempts += 1;
  try {
    await mailer.send({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: messageIdOf(message.id),
      calendar: message.calendar ?? undefined,
    });
    message.status = 'sent';
    message.sentAt = new Date();
    message.lastError = null;
  } catch (error) {
    message.lastError = String(error instanceof Error ? error.message : error).slice(0, 1000);
    if (message.attempts >= EMAIL_MAX_ATTEMPTS) message.status = 'failed';
    await em.flush();
    emailsTotal.inc({
      kind: message.kind,
      status: message.status === 'failed' ? 'failed' : 'retry',
    });
    throw error;
  }
  await em.flush();
  emailsTotal.inc({ kind: message.kind, status: 'sent' });
}

export const outboxView = (m: INotification): TOutboxMessage => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  kind: m.kind,
  status: m.status,
  attempts: m.attempts,
  lastError: m.lastError ?? null,
  contactId: m.contactId ?? null,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
  sendAfter: m.sendAfter?.toISOString() ?? null,
  bookingId: m.bookingId ?? null,
});

/** The outbox, newest first. */
export async function listOutbox(em: EntityManager, q: TOutboxFind): Promise<TOutboxMessage[]> {
  const rows = await em.find(Notification, q.before ? { id: { $lt: q.before } } : {}, {
    orderBy: { id: 'desc' },
    limit: q.limit,
  });
  return rows.map(outboxView);
}
