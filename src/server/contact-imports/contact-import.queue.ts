import { defineQueue, HEARTBEAT_SECONDS } from '../jobs/job-queue';

export interface ContactImportJob {
  importId: string;
}

/**
 * An import can run for minutes and is never attempted twice: a failure is recorded on the
 * import (import-worker.ts), and one whose instance died is failed by the next start or
 * maintenance pass (import-lock.sql.ts). The heartbeat only tells pg-boss the job is alive.
 */
export const CONTACT_IMPORT_QUEUE = defineQueue<ContactImportJob>('contactImport', {
  retryLimit: 0,
  expireInSeconds: 4 * 3600,
  heartbeatSeconds: HEARTBEAT_SECONDS,
});
