import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm';
import type { JobQueue } from '../jobs/job-queue';
import { deliverWebhook } from './webhook-delivery.service';
import type { WebhookJob, WebhookSettings } from './webhook-settings';

/**
 * How deliveries share this instance: independent workers, each taking one attempt at a time,
 * and at most `perEndpoint` attempts at one endpoint at once across all instances. An endpoint
 * that never answers holds a quarter of the workers for its timeout; the others keep delivering
 * to every other endpoint (they used to wait for the slowest attempt of a shared batch). With 2
 * per endpoint, one endpoint's deliveries fell behind a busy form (bench:submit, ~100 leads/s).
 */
export const WEBHOOK_WORKERS = { perInstance: 16, perEndpoint: 4 } as const;

/** Sends webhook deliveries from this instance (every instance runs one; pg-boss shares the work). */
export function startWebhookWorker(
  queue: JobQueue,
  orm: Orm,
  settings: WebhookSettings,
): Promise<void> {
  return queue.work<WebhookJob>(
    'webhook',
    (job) => deliverWebhook(orm.em.fork() as EntityManager, job.data, settings),
    { batchSize: 1, workers: WEBHOOK_WORKERS.perInstance, perGroup: WEBHOOK_WORKERS.perEndpoint },
  );
}
