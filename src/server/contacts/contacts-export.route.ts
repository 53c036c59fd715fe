import type { RequestHandler } from 'express';
import { ZContactExportQuery } from '../../shared/contacts-bulk.schema';
import { contactsCsvFileName } from '../../shared/contacts.schema';
import { adminRoute, streamFailed } from '../http/admin-route';
import { sendApiError } from '../http/send-api-error';
import type { AppDeps } from '../trpc/context';
import { describeZodError } from '../trpc/errors';
import { contactFilterSql, type SqlCondition } from './contact-filter.sql';
import { streamContactsCsv } from './contacts.csv';

/**
 * GET /api/contacts/export/csv[?status&search&ownerId | ?ids=1,2,3]: what the list shows (or the
 * rows picked on it), every contact without a filter. A plain route because the body is a CSV
 * stream, not JSON.
 */
export function contactsExportRoute(deps: AppDeps): RequestHandler {
  return adminRoute(deps, async (em, req, res, actor) => {
    const query = ZContactExportQuery.safeParse(req.query);
    if (!query.success) return sendApiError(res, 400, 'BAD_REQUEST', describeZodError(query.error));
    const { ids, ...filter } = query.data;
    const only: SqlCondition = ids
      ? { sql: 'id = any(?::int[])', params: [ids] }
      : contactFilterSql(filter, actor.userId);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${contactsCsvFileName(new Date(), 'utc')}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    await streamContactsCsv(em, res, only).catch((error) =>
      streamFailed(deps, res, 'Export', error),
    );
  });
}
