import type { EntityManager } from '@mikro-orm/postgresql';
import { webhookDeliveries } from '../observability/metrics';
import { claimDelivery } from './delivery-claim.sql';
import { WebhookDelivery } from './webhook-delivery.entity';
import { postWebhook, type PostResult } from './webhook-http';
import { queueWebhookAttempt, type WebhookJob, type WebhookSettings } from './webhook-settings';
import { signWebhook } from './webhook-signature';

/**
 * Claims the delivery for this attempt (claimDelivery): only while it is still pending, at the
 * attempt the job was queued for, and not claimed by another worker. So a delivery that
 * succeeded is never sent again, and a stale duplicate job sends nothing.
 */
async function claim(em: EntityManager, job: WebhookJob, settings: WebhookSettings) {
  const now = new Date();
  const lockedUntil = new Date(now.getTime() + settings.timeoutMs + 30_000);
  const claimed = await claimDelivery(em, job.deliveryId, job.attempt, lockedUntil, now);
  if (claimed) return claimed;
  const row = await em.findOne(WebhookDelivery, job.deliveryId);
  // Another worker holds this very attempt: throw, so pg-boss runs the job again later.
  if (row?.status === 'pending' && row.attempts === job.attempt)
    throw new Error(`Webhook delivery ${job.deliveryId} is being sent by another worker`);
  return null;
}

/**
 * One attempt at a delivery (the `webhook` job). Signs the stored body with the endpoint's
 * secret, POSTs it, then records the outcome and, after a failure, queues the next attempt at
 * the next WEBHOOK_RETRY_DELAYS step, in one transaction; past the last step it is failed.
 * At least once: a crash after the receiver answered but before the record sends it again,
 * with the same webhook-id.
 */
export async function deliverWebhook(
  em: EntityManager,
  job: WebhookJob,
  settings: WebhookSettings,
): Promise<void> {
  const delivery = await claim(em, job, settings);
  if (!delivery) return;

  let result: PostResult;
  if (!delivery.enabled) {
    result = { ok: false, status: null, durationMs: 0, error: 'The endpoint is disabled' };
  } else {
    const timestamp = Math.floor(Date.now() / 1000);
    result = await postWebhook(
      delivery.url,
      delivery.payload,
      {
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(
          delivery.secret,
          delivery.messageId,
          timestamp,
          delivery.payload,
        ),
      },
      settings,
    );
  }
  const outcome = await recordAttempt(em, job, settings, result, delivery.enabled);
  if (outcome) webhookDeliveries.inc({ status: outcome });
}

async function recordAttempt(
  em: EntityManager,
  job: WebhookJob,
  settings: WebhookSettings,
  result: PostResult,
  endpointEnabled: boolean,
): Promise<'succeeded' | 'retry' | 'failed' | undefined> {
  // A success is one row's update (the claim made this attempt ours); a failure may queue the
  // next attempt with it, in one transaction.
  if (result.ok) {
    const updated = await em.nativeUpdate(
      WebhookDelivery,
      { id: job.deliveryId },
      {
        attempts: job.attempt + 1,
        status: 'succeeded',
        responseStatus: result.status,
        durationMs: result.durationMs,
        lockedUntil: null,
        nextAttemptAt: null,
        lastError: null,
      },
    );
    return updated ? 'succeeded' : undefined; // none: the endpoint was deleted meanwhile
  }
  return em.transactional(async (tem) => {
    const delivery = await tem.findOne(WebhookDelivery, job.deliveryId);
    if (!delivery) return undefined; // the endpoint was deleted meanwhile
    delivery.attempts += 1;
    delivery.responseStatus = result.status;
    delivery.durationMs = result.durationMs;
    delivery.lockedUntil = null;
    delivery.nextAttemptAt = null;
    delivery.lastError = (result.error ?? 'Failed').slice(0, 1000);
    const delay = endpointEnabled ? settings.retryDelays[job.retry] : undefined;
    if (delay === undefined || !settings.queue) {
      delivery.status = 'failed';
      return 'failed';
    }
    delivery.nextAttemptAt = new Date(Date.now() + delay * 1000);
    await tem.flush();
    await queueWebhookAttempt(
      tem,
      settings.queue,
      delivery.endpoint.id,
      { deliveryId: delivery.id, retry: job.retry + 1, attempt: delivery.attempts },
      delivery.nextAttemptAt,
    );
    return 'retry';
  });
}
