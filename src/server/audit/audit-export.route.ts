import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ZAuditFilter, type TAuditFilter } from '../../shared/audit.schema';
import { csvField } from '../contacts/csv.service';
import { adminRoute, streamFailed } from '../http/admin-route';
import { ADMIN_ROUTE_ANSWERS, CSV_FILE, type StreamedRoute } from '../http/streamed-route';
import { sendApiError } from '../http/send-api-error';
import { describeZodError } from '../trpc/errors';
import { auditLogRows } from './audit-log.sql';
import { toAuditEntry } from './audit.service';

const COLUMNS = [
  'id',
  'at',
  'actorId',
  'actorUsername',
  'action',
  'entityType',
  'entityId',
  'changes',
  'ip',
  'userAgent',
];

/** The filtered log as CSV, newest first, 1,000 rows per query (keyset), so memory stays flat. */
async function* csvChunks(em: EntityManager, filter: TAuditFilter): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\n`;
  let before: string | undefined;
  for (;;) {
    const rows = (await auditLogRows(em, filter, before, 1000)).map(toAuditEntry);
    if (!rows.length) return;
    yield rows
      .map((e) =>
        [
          e.id,
          e.at,
          e.actor?.id,
          e.actor?.username,
          e.action,
          e.entityType,
          e.entityId,
          e.changes,
          e.ip,
          e.userAgent,
        ]
          .map((v) => csvField(v !== null && typeof v === 'object' ? JSON.stringify(v) : v))
          .join(','),
      )
      .join('\n')
      .concat('\n');
    before = String(rows[rows.length - 1]!.id);
    if (rows.length < 1000) return;
  }
}

/** GET /api/audit-log/export/csv?actorId&entityType&action: a plain route, the body is a CSV stream. */
export const auditExportRoute: StreamedRoute = {
  method: 'get',
  path: '/audit-log/export/csv',
  operation: {
    operationId: 'admin-auditLog-exportCsv',
    summary: 'Download the audit log as CSV (audit-log-YYYY-MM-DD.csv), with the list filters',
    tags: ['audit log'],
    security: [{ cookieAuth: [] }],
    parameters: [
      { name: 'actorId', in: 'query', schema: { type: 'integer', minimum: 1 } },
      { name: 'entityType', in: 'query', schema: { type: 'string', maxLength: 50 } },
      { name: 'action', in: 'query', schema: { type: 'string', maxLength: 50 } },
    ],
    responses: {
      '200': CSV_FILE,
      '400': { description: 'A filter is invalid (the message names it)' },
      ...ADMIN_ROUTE_ANSWERS,
    },
  },
  handler: (deps) =>
    adminRoute(deps, async (em, req, res) => {
      const filter = ZAuditFilter.safeParse(req.query);
      if (!filter.success)
        return sendApiError(res, 400, 'BAD_REQUEST', describeZodError(filter.error));
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      const day = new Date().toISOString().slice(0, 10);
      res.setHeader('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`);
      res.setHeader('Cache-Control', 'no-store');
      await pipeline(Readable.from(csvChunks(em, filter.data)), res).catch((error) =>
        streamFailed(deps, res, 'Audit log export', error),
      );
    }),
};
