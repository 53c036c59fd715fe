import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm-type';
import type { JobQueue } from '../jobs/job-queue';
import { deliverWebhooks } from './webhook-delivery.service';
import type { WebhookSettings } from './webhook-settings';
import { WEBHOOK_QUEUE } from './webhook.queue';

/**
 * How deliveries share this instance: independent workers, each claiming up to `batch`
 * attempts per fetch (claimed in one statement, and those the endpoints accepted recorded in
 * one), and at most `perEndpoint` attempts at one endpoint at once across all
 * instances. A worker whose fetch came back full fetches again at once; one that claimed a job
 * at a time waited out the 1 s poll after each, so a backlog drained at about a job per worker
 * per second (bench:submit). An endpoint that never answers holds the workers whose batch has one
 * of its attempts for its timeout; the others keep delivering to every other endpoint. With 8
 * workers a second burst beside a hanging endpoint waited 9 s for them (bench:webhooks); 16 keep
 * it within milliseconds of a run without it.
 */
export const WEBHOOK_WORKERS = { perInstance: 16, perEndpoint: 4, batch: 4 } as const;

/** Sends webhook deliveries from this instance (every instance runs one; pg-boss shares the work). */
export function startWebhookWorker(
  queue: JobQueue,
  orm: Orm,
  settings: WebhookSettings,
): Promise<void> {
  return queue.workBatches(
    WEBHOOK_QUEUE,
    (jobs, completeEarly) =>
      deliverWebhooks(
        orm.em.fork() as EntityManager,
        jobs.map((job) => job.data),
        settings,
        // Attempts recorded while a slow one of the batch runs on free their endpoint's place.
        (indexes) => completeEarly(indexes.map((i) => jobs[i]!)),
      ),
    {
      batchSize: WEBHOOK_WORKERS.batch,
      workers: WEBHOOK_WORKERS.perInstance,
      perGroup: WEBHOOK_WORKERS.perEndpoint,
    },
  );
}
