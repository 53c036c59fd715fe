import { ZImportJob, ZImportJobInput } from '../../shared/contact-import.schema';
import { adminProcedure } from '../trpc/trpc';
import { getContactImport } from './contact-imports.sql';

/** admin.contacts.importStatus; the upload itself is a streamed route (import-upload.route.ts). */
export const contactImportProcedures = {
  importStatus: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contacts/imports/{jobId}',
        tags: ['contacts'],
        summary:
          'Progress and outcome of a CSV import started with POST /api/contacts/import: status, rows processed, inserted, updated, skipped, the first 100 row errors and the link to all of them as CSV',
      },
    })
    .input(ZImportJobInput)
    .output(ZImportJob)
    .query(({ ctx, input }) => getContactImport(ctx.em, input.jobId)),
};
