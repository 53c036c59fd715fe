import { Readable } from 'node:stream';
import { importErrorsAfter, importExists } from './import-files.sql';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ZImportJobInput } from '../../shared/contact-import.schema';
import { adminRoute, streamFailed } from '../http/admin-route';
import { ADMIN_ROUTE_ANSWERS, CSV_FILE, type StreamedRoute } from '../http/streamed-route';
import { sendApiError } from '../http/send-api-error';
import { describeZodError } from '../trpc/errors';
import { csvField } from '../contacts/csv.service';

/** GET /api/contacts/imports/{jobId}/errors/csv: every bad row of an import (line,reason). */
export const importErrorsRoute: StreamedRoute = {
  method: 'get',
  path: '/contacts/imports/{jobId}/errors/csv',
  operation: {
    operationId: 'admin-contacts-importErrorsCsv',
    summary: 'Every bad row of an import as CSV (line,reason)',
    tags: ['contacts'],
    security: [{ cookieAuth: [] }],
    parameters: [
      { name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
    ],
    responses: {
      '200': CSV_FILE,
      '400': { description: 'jobId is not a UUID' },
      ...ADMIN_ROUTE_ANSWERS,
      '404': { description: 'No such import' },
    },
  },
  handler: (deps) =>
    adminRoute(deps, async (em, req, res) => {
      const input = ZImportJobInput.safeParse(req.params);
      if (!input.success)
        return sendApiError(res, 400, 'BAD_REQUEST', describeZodError(input.error));
      const pool = await em.getConnection().getNativeClient();
      if (!(await importExists(pool, input.data.jobId)))
        return sendApiError(res, 404, 'NOT_FOUND', 'Import job not found');
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="import-errors-${input.data.jobId}.csv"`,
      );
      res.setHeader('Cache-Control', 'no-store');
      await pipeline(Readable.from(errorRows(em, input.data.jobId)), res).catch((error) =>
        streamFailed(deps, res, 'Error report', error),
      );
    }),
};

async function* errorRows(em: EntityManager, jobId: string): AsyncGenerator<string> {
  const pool = await em.getConnection().getNativeClient();
  yield 'line,reason\n';
  for (let after = 0; ;) {
    const rows = await importErrorsAfter(pool, jobId, after);
    if (!rows.length) return;
    yield rows.map((r) => `${r.line},${csvField(r.reason)}\n`).join('');
    after = rows[rows.length - 1]!.line;
  }
}
