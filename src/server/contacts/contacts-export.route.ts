import { ZContactExportQuery } from '../../shared/contacts-bulk.schema';
import { CONTACT_STATUSES, contactsCsvFileName } from '../../shared/contacts.schema';
import { adminRoute, streamFailed } from '../http/admin-route';
import { ADMIN_ROUTE_ANSWERS, CSV_FILE, type StreamedRoute } from '../http/streamed-route';
import { sendApiError } from '../http/send-api-error';
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
export const contactsExportRoute: StreamedRoute = {
  method: 'get',
  path: '/contacts/export/csv',
  operation: {
    operationId: 'admin-contacts-exportCsv',
    summary:
      'Download contacts as CSV (contacts-YYYY-MM-DD.csv): those matching the filters, the ids given, or every contact',
    tags: ['contacts'],
    security: [{ cookieAuth: [] }],
    parameters: [
      { name: 'status', in: 'query', schema: { type: 'string', enum: [...CONTACT_STATUSES] } },
      { name: 'search', in: 'query', schema: { type: 'string', maxLength: 200 } },
      {
        name: 'ownerId',
        in: 'query',
        description: 'A user id, "me" or "unassigned"',
        schema: { type: 'string' },
      },
      { name: 'source', in: 'query', schema: { type: 'string', maxLength: 50 } },
      { name: 'createdFrom', in: 'query', schema: { type: 'string', format: 'date' } },
      { name: 'createdTo', in: 'query', schema: { type: 'string', format: 'date' } },
      {
        name: 'firstTouch',
        in: 'query',
        description:
          'source:<key>, campaign:<key> or landingPage:<path>, as the funnel groups leads',
        schema: { type: 'string', maxLength: 600 },
      },
      { name: 'booked', in: 'query', schema: { type: 'string', enum: ['true', 'false'] } },
      {
        name: 'ids',
        in: 'query',
        description: 'Contact ids separated by commas (at most 5000); overrides the filters',
        schema: { type: 'string' },
      },
    ],
    responses: {
      '200': CSV_FILE,
      '400': { description: 'A filter is invalid (the message names it)' },
      ...ADMIN_ROUTE_ANSWERS,
      '503': {
        description: `${MAX_CONCURRENT_EXPORTS} exports are already running (Retry-After gives the seconds to wait), or the database failed before the first byte; retry`,
        headers: { 'Retry-After': { schema: { type: 'integer' } } },
      },
    },
  },
  handler: (deps) =>
    adminRoute(deps, async (em, req, res, actor) => {
      const query = ZContactExportQuery.safeParse(req.query);
      if (!query.success)
        return sendApiError(res, 400, 'BAD_REQUEST', describeZodError(query.error));
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
    }),
};
