import type { RequestHandler } from 'express';
import { ZContactExportQuery } from '../../shared/contacts-bulk.schema';
import { contactsCsvFileName } from '../../shared/contacts.schema';
import { adminRoute, streamFailed } from '../http/admin-route';
import { sendApiError } from '../http/send-api-error';
import type { AppDeps } from '../app-deps';
import { describeZodError } from '../trpc/errors';
import { exportTargetSql } from './contact-filter.sql';
import {
  copyContactsCsv,
  ExportCutOff,
  MAX_CONCURRENT_EXPORTS,
  takeExportSlot,
} from './contacts-export-copy.sql';

/**
 * GET /api/contacts/export/csv[?status&search&ownerId | ?ids=1,2,3]: what the list shows (or the
 * rows picked on it), every contact without a filter. A plain route because the body is a CSV
 * stream, not JSON. PostgreSQL writes it (COPY, see contacts-export-copy.ts); at most
 * MAX_CONCURRENT_EXPORTS run at once, more are answered 503 with Retry-After.
 */
export function contactsExportRoute(deps: AppDeps): RequestHandler {
  return adminRoute(deps, async (em, req, res, actor) => {
    const query = ZContactExportQuery.safeParse(req.query);
    if (!query.success) return sendApiError(res, 400, 'BAD_REQUEST', describeZodError(query.error));
    const { ids, ...filter } = query.data;
    const only = exportTargetSql({ ids, filter }, actor.userId);
    // Each export holds a pool connection while its client reads: a few at once, not the pool.
    const release = takeExportSlot();
    if (!release) {
      res.setHeader('Retry-After', '10');
      return sendApiError(
        res,
        503,
        'SERVICE_UNAVAILABLE',
        `${MAX_CONCURRENT_EXPORTS} exports are running; please retry shortly`,
      );
    }
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${contactsCsvFileName(new Date(), 'utc')}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    await copyContactsCsv(em, res, only)
      .catch((error) => {
        // A client that goes away (or stops reading) mid-download is no server failure.
        if (error instanceof ExportCutOff)
          return deps.log.info('Export cut off', { reason: error.message });
        streamFailed(deps, res, 'Export', error);
      })
      .finally(release);
  });
}
