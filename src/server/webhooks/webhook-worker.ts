import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm';
import type { JobQueue } from '../jobs/job-queue';
import { deliverWebhook } from './webhook-delivery.service';
import type { WebhookJob, WebhookSettings } from './webhook-settings';

/** Sends webhook deliveries from this instance (every instance runs one; pg-boss shares the work). */
export function startWebhookWorker(
  queue: JobQueue,
  orm: Orm,
  settings: WebhookSettings,
): Promise<void> {
  return queue.work<WebhookJob>('webhook', (job) =>
    deliverWebhook(orm.em.fork() as EntityManager, job.data, settings),
  );
}
