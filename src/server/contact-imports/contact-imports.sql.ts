import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TImportJob } from '../../shared/contact-import.schema';
import { AppError } from '../errors';
import { isoText } from '../db/iso-text.sql';
import { typedSql } from '../db/typed-sql';
import { ContactImport } from './contact-import.entity';

const importsSql = (em: EntityManager) => typedSql(em, [ContactImport]);

export const importErrorReportUrl = (jobId: string) => `/api/contacts/imports/${jobId}/errors/csv`;

/** An import job as its status call shows it; 404 for an unknown id (or one still uploading). */
export async function getContactImport(em: EntityManager, jobId: string): Promise<TImportJob> {
  const job = await importsSql(em)
    .selectFrom('contact_imports')
    .select((eb) => [
      'id as jobId',
      'mode',
      // An uploading import is never answered (the where below).
      eb.ref('status').$castTo<TImportJob['status']>().as('status'),
      'processed',
      'inserted',
      'updated',
      'skipped',
      'error_count as errorCount',
      'errors',
      'failure as message',
      sql<number>`${eb.ref('bytes_total')}::float8`.as('bytesTotal'),
      sql<number>`${eb.ref('bytes_processed')}::float8`.as('bytesProcessed'),
      isoText(eb.ref('created_at')).as('createdAt'),
      isoText(eb.ref('finished_at')).as('finishedAt'),
    ])
    .where('id', '=', jobId)
    .where('status', '<>', 'uploading')
    .executeTakeFirst();
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
  const { numDeletedRows } = await importsSql(em)
    .deleteFrom('contact_imports')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'uploading'),
          eb('created_at', '<', sql<string>`now() - interval '1 day'`),
        ]),
        eb.and([
          eb('status', 'in', ['done', 'failed']),
          eb(
            'finished_at',
            '<',
            sql<string>`now() - make_interval(days => ${IMPORT_RETENTION_DAYS})`,
          ),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}
