import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TWebhookDelivery, TWebhookDeliveryFind } from '../../shared/webhooks.schema';
import { AppError, notFound } from '../errors';
import { WebhookDelivery, type IWebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { queueWebhookAttempt, type WebhookSettings } from './webhook-settings';

export const deliveryView = (d: IWebhookDelivery): TWebhookDelivery => ({
  id: d.id,
  webhookId: d.endpoint.id,
  messageId: d.messageId,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  responseStatus: d.responseStatus ?? null,
  durationMs: d.durationMs ?? null,
  lastError: d.lastError ?? null,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

async function assertEndpoint(em: EntityManager, id: number) {
  if (!(await em.count(WebhookEndpoint, { id }))) throw notFound('Webhook', id);
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  em: EntityManager,
  q: TWebhookDeliveryFind,
): Promise<TWebhookDelivery[]> {
  await assertEndpoint(em, q.id);
  const rows = await em.find(
    WebhookDelivery,
    { endpoint: q.id, ...(q.before ? { id: { $lt: q.before } } : {}) },
    { orderBy: { id: 'desc' }, limit: q.limit },
  );
  return rows.map(deliveryView);
}

/**
 * Sends a delivery again, failed or succeeded, as a new attempt with its webhook-id (receivers
 * drop repeats; this is how Stripe and Svix resend) and the full retry schedule: back to pending
 * with a new job, in one transaction. One still pending is on its way already: 409.
 */
export async function retryDelivery(
  em: EntityManager,
  webhookId: number,
  deliveryId: number,
  settings: WebhookSettings | undefined,
): Promise<TWebhookDelivery> {
  const queue = settings?.queue;
  if (!queue) throw new AppError('CONFLICT', 'The job queue is not running: nothing can be sent');
  return em.transactional(async (tem) => {
    await assertEndpoint(tem, webhookId);
    const delivery = await tem.findOne(
      WebhookDelivery,
      { id: deliveryId, endpoint: webhookId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!delivery) throw notFound('Delivery', deliveryId);
    if (delivery.status === 'pending')
      throw new AppError('CONFLICT', 'This delivery is pending: it is being sent already');
    delivery.status = 'pending';
    delivery.nextAttemptAt = new Date();
    delivery.lockedUntil = null;
    await tem.flush();
    await queueWebhookAttempt(tem, queue, webhookId, {
      deliveryId,
      retry: 0,
      attempt: delivery.attempts,
    });
    return deliveryView(delivery);
  });
}

/** Deliveries that used up every retry, across endpoints (the sidebar's badge). */
export const countFailedDeliveries = (em: EntityManager) =>
  em.count(WebhookDelivery, { status: 'failed' });
