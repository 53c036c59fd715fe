import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { TOutboxMessage } from '../../shared/notifications.schema';
import { AppError, notFound } from '../errors';
import { outboxView } from './email-delivery.service';
import { EMAIL_QUEUE } from './email.queue';
import type { Notifier } from './outbox.service';
import { Notification } from './notification.entity';

/**
 * Sends a failed (or, once SMTP is configured, a never-sent) message again: back to `queued`
 * with a new job, in one transaction. The message keeps its id, so its Message-ID is unchanged.
 */
export async function retryNotification(
  em: EntityManager,
  id: number,
  notifier: Notifier,
): Promise<TOutboxMessage> {
  const { queue, mailer } = notifier;
  if (!queue || !mailer)
    throw new AppError('CONFLICT', 'Email is not configured: set SMTP_URL to send messages');
  return em.transactional(async (tem) => {
    const message = await tem.findOne(Notification, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!message) throw notFound('Message', id);
    if (message.status === 'sent' || message.status === 'queued')
      throw new AppError('CONFLICT', `This message is already ${message.status}`);
    if (message.status === 'suppressed')
      throw new AppError('CONFLICT', 'A held-back auto-reply is never sent');
    message.status = 'queued';
    message.lastError = null;
    await tem.flush();
    await queue.sendInTransaction(tem, EMAIL_QUEUE, { notificationId: id });
    return outboxView(message);
  });
}
