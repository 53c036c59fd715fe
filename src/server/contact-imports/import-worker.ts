import type { Orm } from '../db/orm';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { runContactImport } from './import-run';

export interface ContactImportJob {
  importId: string;
}

/**
 * Runs queued CSV imports on this instance, one at a time (each holds a connection for its
 * transaction). A failed attempt is retried from the start; after the last one the import shows
 * as failed with the reason, instead of staying "running" for ever.
 */
export function startContactImportWorker(queue: JobQueue, orm: Orm, log: Logger): Promise<void> {
  return queue.work<ContactImportJob>(
    'contactImport',
    async (job) => {
      const pool = await orm.em.getConnection().getNativeClient();
      try {
        await runContactImport(pool, job.data.importId);
      } catch (error) {
        log.warn('contact import attempt failed', { id: job.data.importId, error: String(error) });
        if (job.retryCount >= QUEUES.contactImport.retryLimit) {
          await pool.query(
            `update contact_imports set status = 'failed', finished_at = now(), failure = $2
              where id = $1 and status in ('queued', 'running')`,
            [
              job.data.importId,
              'The import stopped on a server error; nothing was imported. Please try again.',
            ],
          );
        }
        throw error;
      }
    },
    { batchSize: 1 },
  );
}
