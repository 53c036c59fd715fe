import type { EntityManager } from '@mikro-orm/postgresql';
import type { TImportJob } from '../../shared/contact-import.schema';
import { AppError } from '../errors';
import { SQL_ISO_FORMAT } from '../db/sql-format';

export const importErrorReportUrl = (jobId: string) => `/api/contacts/imports/${jobId}/errors/csv`;

/** An import job as its status call shows it; 404 for an unknown id (or one still uploading). */
export async function getContactImport(em: EntityManager, jobId: string): Promise<TImportJob> {
  const pool = await em.getConnection().getNativeClient();
  const { rows } = await pool.query<Omit<TImportJob, 'errorReportUrl'>>(
    `select id as "jobId", mode, status, processed, inserted, updated, skipped,
            error_count as "errorCount", errors, failure as message,
            bytes_total::float8 as "bytesTotal", bytes_processed::float8 as "bytesProcessed",
            to_char(created_at at time zone 'utc', ${SQL_ISO_FORMAT}) as "createdAt",
            to_char(finished_at at time zone 'utc', ${SQL_ISO_FORMAT}) as "finishedAt"
       from contact_imports where id = $1 and status <> 'uploading'`,
    [jobId],
  );
  const job = rows[0];
  if (!job) throw new AppError('NOT_FOUND', 'Import job not found', 'jobId');
  return { ...job, errorReportUrl: job.errorCount > 0 ? importErrorReportUrl(jobId) : null };
}

/** How long a finished import (its status and error report) stays available. */
export const IMPORT_RETENTION_DAYS = 30;

/**
 * Deletes imports finished more than IMPORT_RETENTION_DAYS ago and uploads that never finished
 * (the instance died mid-upload) after a day, with their stored pieces and row errors.
 */
export async function pruneContactImports(em: EntityManager): Promise<number> {
  const pool = await em.getConnection().getNativeClient();
  const { rowCount } = await pool.query(
    `delete from contact_imports
      where (status = 'uploading' and created_at < now() - interval '1 day')
         or (status in ('done', 'failed') and finished_at < now() - make_interval(days => $1))`,
    [IMPORT_RETENTION_DAYS],
  );
  return rowCount ?? 0;
}
