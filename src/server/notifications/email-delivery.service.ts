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
      await record(em, id, { status: 'suppressed', lastError: heldBack });
      emailsTotal.inc({ kind: message.kind, status: 'suppressed' });
      return;
    }
  }
  const attempts = message.attempts + 1;
  try {
    await mailer.send({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: messageIdOf(message.id),
      calendar: message.calendar ?? undefined,
    });
  } catch (error) {
    const failed = attempts >= EMAIL_MAX_ATTEMPTS;
    await record(em, id, {
      attempts,
      lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
      ...(failed ? { status: 'failed' } : {}),
    });
    emailsTotal.inc({ kind: message.kind, status: failed ? 'failed' : 'retry' });
    throw error;
  }
  await record(em, id, { attempts, status: 'sent', sentAt: new Date(), lastError: null });
  emailsTotal.inc({ kind: message.kind, status: 'sent' });
}

/** One statement, no transaction around it: an attempt's outcome is a single row's update. */
async function record(em: EntityManager, id: number, changes: Partial<INotification>) {
  await em.nativeUpdate(Notification, { id }, changes);
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
