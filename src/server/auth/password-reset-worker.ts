// The passwordReset jobs of this instance: each looks an address up and, for an account, writes
// its link and email (password-reset.service.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm-type';
import type { JobQueue } from '../jobs/job-queue';
import type { Notifier } from '../notifications/outbox.service';
import { PASSWORD_RESET_QUEUE } from './password-reset.queue';
import { issuePasswordReset } from './password-reset.service';

/** Runs the passwordReset jobs of this instance. */
export function startPasswordResetWorker(queue: JobQueue, orm: Orm, notifier: Notifier) {
  return queue.work(PASSWORD_RESET_QUEUE, (job) =>
    issuePasswordReset(orm.em.fork() as EntityManager, job.data, notifier),
  );
}
