import type { RequestHandler } from 'express';
import { adminRoute, streamFailed } from '../http/admin-route';
import type { AppDeps } from '../trpc/context';
import { contactsCsvFileName } from '../../shared/contacts.schema';
import { streamContactsCsv } from './contacts.csv';

/** GET /api/contacts/export/csv. A plain route because the body is a CSV stream, not JSON. */
export function contactsExportRoute(deps: AppDeps): RequestHandler {
  return adminRoute(deps, async (em, _req, res) => {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${contactsCsvFileName(new Date(), 'utc')}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    await streamContactsCsv(em, res).catch((error) => streamFailed(deps, res, 'Export', error));
  });
}
