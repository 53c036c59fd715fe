import { z } from 'zod';
import {
  ZSecurityEventFind,
  ZSecurityEventPage,
  ZSecurityPeriod,
  ZSecuritySettings,
  ZSecurityStats,
} from '../../shared/security.schema';
import { AppError } from '../errors';
import { adminProcedure, router } from '../trpc/trpc';

const tags = ['security'];
// Being implemented (issue 5): these answer 404 until the security service lands.
const pending = () => {
  throw new AppError('NOT_FOUND', 'Security data is not available yet');
};

export const adminSecurityRouter = router({
  stats: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/security/stats', tags, summary: 'Security Center tiles for a period' } })
    .input(z.object({ period: ZSecurityPeriod.default('7d') }))
    .output(ZSecurityStats)
    .query(pending),

  settings: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/security/settings', tags, summary: 'Contact-form protection settings' } })
    .input(z.void())
    .output(ZSecuritySettings)
    .query(pending),

  updateSettings: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/security/settings', tags, summary: 'Save the protection settings' } })
    .input(ZSecuritySettings)
    .output(ZSecuritySettings)
    .mutation(pending),

  events: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/security/events', tags, summary: 'Security log, newest first, filterable' } })
    .input(ZSecurityEventFind)
    .output(ZSecurityEventPage)
    .query(pending),
});
