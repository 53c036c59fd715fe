import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm';
import type { JobQueue } from '../jobs/job-queue';
import { deliverNotification } from './email-delivery.service';
import type { EmailJob } from './outbox.service';
import type { Mailer } from './mailer';

/** Sends queued lead emails from this instance (every instance runs one; pg-boss shares the work). */
export function startEmailWorker(queue: JobQueue, orm: Orm, mailer: Mailer): Promise<void> {
  return queue.work<EmailJob>('email', (job) =>
    deliverNotification(orm.em.fork() as EntityManager, job.data.notificationId, mailer),
  );
}
