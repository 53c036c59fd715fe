import type { RequestHandler } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../trpc/context';
import { exportFileName, streamContactsCsv } from './contacts.csv';

/**
 * GET /api/contacts/export/csv. A plain route because the body is a CSV stream, not JSON;
 * access is checked by the same session manager the procedures use.
 */
export function contactsExportRoute(deps: AppDeps): RequestHandler {
  return async (req, res) => {
    const em = deps.orm.em.fork() as EntityManager;
    const actor = await deps.sessions.resolve(em, req, res);
    if (!actor)
      return void res.status(401).json({ message: 'Please sign in', code: 'UNAUTHORIZED' });
    if (actor.role !== 'admin') {
      return void res
        .status(403)
        .json({ message: 'Only administrators can do this', code: 'FORBIDDEN' });
    }
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName()}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await streamContactsCsv(em, res);
    } catch (error) {
      deps.log.error('CSV export failed', { error: String(error) });
      if (!res.headersSent) {
        res.removeHeader('Content-Disposition');
        res
          .status(503)
          .json({ message: 'Export failed, please retry', code: 'SERVICE_UNAVAILABLE' });
      } else res.destroy();
    }
  };
}
