import type { EntityManager } from '@mikro-orm/postgresql';
import { webhookDeliveries } from '../observability/metrics';
import { claimDeliveries, type ClaimedDelivery } from './delivery-claim.sql';
import { SuccessRecorder } from './success-recorder';
import { WebhookDelivery } from './webhook-delivery.entity';
import { postWebhook, type PostResult } from './webhook-http';
import { queueWebhookAttempt, type WebhookSettings } from './webhook-settings';
import type { WebhookJob } from './webhook.queue';
import { signWebhook } from './webhook-signature';

/**
 * Claims the deliveries for the jobs' attempts (claimDeliveries, one statement): only while
 * each is still pending, at the attempt its job was queued for, and not claimed by another
 * worker. So a delivery that succeeded is never sent again, and a stale duplicate job sends
 * nothing. A job whose very attempt another worker holds is answered with an error, so pg-boss
 * runs it again later.
 */
async function claim(em: EntityManager, jobs: readonly WebhookJob[], settings: WebhookSettings) {
  const now = new Date();
  const lockedUntil = new Date(now.getTime() + settings.timeoutMs + 30_000);
  const claimed = await claimDeliveries(
    em,
    jobs.map((job) => ({ id: job.deliveryId, attempt: job.attempt })),
    lockedUntil,
    now,
  );
  // Why the others were not claimed: one read for all of them.
  const unclaimed = jobs.filter((_, i) => !claimed[i]).map((job) => job.deliveryId);
  const rows = unclaimed.length
    ? await em
        .fork()
        .find(WebhookDelivery, { id: { $in: unclaimed } }, { fields: ['status', 'attempts'] })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return claimed.map((delivery, i): ClaimedDelivery | Error | null => {
    if (delivery) return delivery;
    const job = jobs[i]!;
    const row = byId.get(job.deliveryId);
    if (row?.status === 'pending' && row.attempts === job.attempt)
      return new Error(`Webhook delivery ${job.deliveryId} is being sent by another worker`);
    return null;
  });
}

/** Signs the stored body with the endpoint's secret and POSTs it (never throws). */
function send(delivery: ClaimedDelivery, settings: WebhookSettings): Promise<PostResult> {
  if (!delivery.enabled)
    return Promise.resolve({
      ok: false,
      status: null,
      durationMs: 0,
      error: 'The endpoint is disabled',
    });
  const timestamp = Math.floor(Date.now() / 1000);
  return postWebhook(
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

/**
 * One attempt at each delivery of a batch of `webhook` jobs. Claims them in one statement,
 * POSTs them in parallel, then records the accepted ones together (SuccessRecorder). A failed
 * attempt is recorded alone, with the next attempt queued at the next WEBHOOK_RETRY_DELAYS step
 * in the same transaction; past the last step the delivery is failed. Answers, per job in order,
 * the error that should fail it (pg-boss retries it) or undefined. At least once: a crash after
 * the receiver answered but before the record sends it again, with the same webhook-id.
 */
export async function deliverWebhooks(
  em: EntityManager,
  jobs: readonly WebhookJob[],
  settings: WebhookSettings,
  completeEarly?: (indexes: number[]) => Promise<void>,
): Promise<unknown[]> {
  const errors: unknown[] = jobs.map(() => undefined);
  const deliveries = await claim(em, jobs, settings);
  const successes = new SuccessRecorder(em, errors, completeEarly);
  await Promise.all(
    jobs.map(async (job, i) => {
      const delivery = deliveries[i];
      if (delivery instanceof Error) errors[i] = delivery;
      if (!delivery || delivery instanceof Error) return;
      const result = await send(delivery, settings);
      if (result.ok) {
        successes.add(i, {
          id: job.deliveryId,
          attempt: job.attempt,
          responseStatus: result.status,
          durationMs: result.durationMs,
        });
        return;
      }
      try {
        const outcome = await recordFailure(em.fork(), job, settings, result, delivery.enabled);
        if (outcome) webhookDeliveries.inc({ status: outcome });
      } catch (error) {
        errors[i] = error;
      }
    }),
  );
  await successes.finish();
  return errors;
}

/** One attempt at one delivery (a batch of one; see deliverWebhooks). Throws what would fail its job. */
export async function deliverWebhook(
  em: EntityManager,
  job: WebhookJob,
  settings: WebhookSettings,
): Promise<void> {
  const [error] = await deliverWebhooks(em, [job], settings);
  if (error) throw error;
}

async function recordFailure(
  em: EntityManager,
  job: WebhookJob,
  settings: WebhookSettings,
  result: PostResult,
  endpointEnabled: boolean,
): Promise<'retry' | 'failed' | undefined> {
  // The outcome and, when there is a next step, the next attempt's job: one transaction.
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
