import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm-type';
import type { JobQueue } from '../jobs/job-queue';
import { deliverNotifications } from './email-delivery.service';
import { EMAIL_QUEUE } from './email.queue';
import type { Mailer } from './mailer';

/**
 * Two fetch loops of up to 25 messages each, each batch read, released and recorded at once:
 * while one waits for the last send of its batch, the other keeps the pooled SMTP connections
 * busy. A batch costs nine statements however many it holds (fetch, read, the release's five,
 * the sent mark, the settle): at 10 a burst's email took 1.8 statements per lead, at 25 0.7, and
 * the burst drained sooner (bench:submit).
 */
const EMAIL_WORKERS = { perInstance: 2, batch: 25 } as const;

/** Sends queued lead emails from this instance (every instance runs one; pg-boss shares the work). */
export function startEmailWorker(queue: JobQueue, orm: Orm, mailer: Mailer): Promise<void> {
  return queue.workBatches(
    EMAIL_QUEUE,
    (jobs) =>
      deliverNotifications(
        orm.em.fork() as EntityManager,
        jobs.map((job) => job.data.notificationId),
        mailer,
      ),
    { batchSize: EMAIL_WORKERS.batch, workers: EMAIL_WORKERS.perInstance },
  );
}
