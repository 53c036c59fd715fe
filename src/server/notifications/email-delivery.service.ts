import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOutboxFind, TOutboxMessage } from '../../shared/notifications.schema';
import { EMAIL_QUEUE } from './email.queue';
import { emailsTotal } from '../observability/metrics';
import type { Mailer } from './mailer';
import { Notification, type INotification } from './notification.entity';
import { markSent } from './email-outcomes.sql';
import { releaseVisitorEmails } from './visitor-email-limits.sql';

/** Attempts before a message is marked failed (pg-boss stops retrying at the same count). */
export const EMAIL_MAX_ATTEMPTS = (EMAIL_QUEUE.options.retryLimit ?? 0) + 1;

/** `<notification-12@convoza>`: the same on every attempt, so receivers can drop a repeat. */
export const messageIdOf = (id: number) => `<notification-${id}@convoza>`;

/**
 * Sends outbox messages (a batch of `email` jobs): one read for all, one release transaction
 * for those to visitors, the sends in parallel over the pooled transport, one write for all
 * sent. At least once: a crash after the SMTP server accepted a message but before `sent` is
 * saved sends it again, with the same Message-ID. A message already sent is skipped. Answers,
 * per id in order, the error of a failed send (recorded; its job retries, and the last attempt
 * marks it failed) or undefined.
 */
export async function deliverNotifications(
  em: EntityManager,
  ids: number[],
  mailer: Mailer,
): Promise<unknown[]> {
  const rows = await em.find(Notification, { id: { $in: ids } });
  const due = rows.filter((m) => m.status !== 'sent' && m.status !== 'suppressed');
  const held = await releaseVisitorEmails(
    em,
    due.filter((m) => m.toVisitor && !m.releasedAt),
  );
  const sending: INotification[] = [];
  for (const message of due) {
    const heldBack = held.get(message.id);
    if (!heldBack) {
      sending.push(message);
      continue;
    }
    await record(em, message.id, { status: 'suppressed', lastError: heldBack });
    emailsTotal.inc({ kind: message.kind, status: 'suppressed' });
  }
  const errors = new Map<number, unknown>();
  const sent: INotification[] = [];
  await Promise.all(
    sending.map(async (message) => {
      try {
        await send(message, mailer);
        sent.push(message);
      } catch (error) {
        errors.set(message.id, error);
        await recordFailure(em, message, error);
      }
    }),
  );
  await markSent(
    em,
    sent.map((m) => m.id),
  );
  for (const message of sent) emailsTotal.inc({ kind: message.kind, status: 'sent' });
  return ids.map((id) => errors.get(id));
}

function send(message: INotification, mailer: Mailer) {
  return mailer.send({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: messageIdOf(message.id),
    calendar: message.calendar ?? undefined,
  });
}

async function recordFailure(em: EntityManager, message: INotification, error: unknown) {
  const attempts = message.attempts + 1;
  const failed = attempts >= EMAIL_MAX_ATTEMPTS;
  await record(em, message.id, {
    attempts,
    lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
    ...(failed ? { status: 'failed' } : {}),
  });
  emailsTotal.inc({ kind: message.kind, status: failed ? 'failed' : 'retry' });
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
