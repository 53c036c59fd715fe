import { Worker } from 'node:worker_threads';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import pg from 'pg';

export interface ContactImportJob {
  importId: string;
}

/**
 * The heap an import may use. Parsing a 200 MB file makes a lot of short-lived garbage, which
 * V8 collects lazily: in the server's own heap it grew RSS by 230+ MB for a 31 MB file. A worker
 * thread with a small heap collects early, keeps the server's memory flat, and leaves the
 * server's event loop free while it parses.
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

function runInThread(databaseUrl: string, importId: string): Promise<void> {
  return new Promise((done, fail) => {
    const thread = new Worker(new URL('./import-thread.ts', import.meta.url), {
      workerData: { databaseUrl, importId },
      resourceLimits: THREAD_LIMITS,
      // The thread loads TypeScript like the server does (npm start runs `node --import tsx`).
      execArgv: ['--import', 'tsx'],
    });
    thread.once('error', fail);
    thread.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`the import thread stopped with exit code ${code}`)),
    );
  });
}

/**
 * Runs queued CSV imports on this instance, one at a time, each in its own worker thread. A
 * failed attempt is retried from the start; after the last one the import shows as failed
 * with the reason, instead of staying "running" for ever.
 */
export function startContactImportWorker(
  queue: JobQueue,
  databaseUrl: string,
  log: Logger,
): Promise<void> {
  return queue.work<ContactImportJob>(
    'contactImport',
    async (job) => {
      try {
        await runInThread(databaseUrl, job.data.importId);
      } catch (error) {
        log.warn('contact import attempt failed', { id: job.data.importId, error: String(error) });
        if (job.retryCount >= QUEUES.contactImport.retryLimit)
          await markFailed(databaseUrl, job.data.importId);
        throw error;
      }
    },
    { batchSize: 1 },
  );
}

async function markFailed(databaseUrl: string, importId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update contact_imports set status = 'failed', finished_at = now(), failure = $2
        where id = $1 and status in ('queued', 'running')`,
      [importId, 'The import stopped on a server error; nothing was imported. Please try again.'],
    );
  } finally {
    await client.end();
  }
}
