import { ZAuditPage, ZAuditQuery } from '../../shared/audit.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { listAuditLog } from './audit.service';

export const adminAuditLogRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/audit-log',
        tags: ['audit log'],
        summary:
          'Who changed what, newest first, filtered by actor, entity type and action; page on with nextCursor',
      },
    })
    .input(ZAuditQuery)
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAuditLog(ctx.em, input)),
});
