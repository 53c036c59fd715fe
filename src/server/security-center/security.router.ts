import { z } from 'zod';
import {
  ZSecurityEventFind,
  ZSecurityEventPage,
  ZSecurityPeriod,
  ZSecuritySettings,
  ZSecuritySettingsUpdate,
  ZSecurityStats,
} from '../../shared/security.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { findSecurityEvents } from './events.sql';
import { getSecuritySettings, updateSecuritySettings } from './settings.service';
import { restRoutes } from '../trpc/rest-meta';
import { securityStats } from './stats.sql';

const rest = restRoutes(['security'], 'security_settings');

export const adminSecurityRouter = router({
  stats: adminProcedure
    .meta(rest('GET', '/security/stats', 'Security Center tiles for a period'))
    .input(z.object({ period: ZSecurityPeriod.default('7d') }))
    .output(ZSecurityStats)
    .query(({ ctx, input }) => securityStats(ctx.em, input.period)),

  settings: adminProcedure
    .meta(rest('GET', '/security/settings', 'Contact-form protection settings'))
    .input(z.void())
    .output(ZSecuritySettings)
    .query(({ ctx }) => getSecuritySettings(ctx.em)),

  updateSettings: adminProcedure
    .meta(
      rest('PUT', '/security/settings', 'Save the protection settings', {
        audit: 'update_settings',
      }),
    )
    .input(ZSecuritySettingsUpdate)
    .output(ZSecuritySettings)
    .mutation(({ ctx, input }) => updateSecuritySettings(ctx.em, input)),

  events: adminProcedure
    .meta(rest('GET', '/security/events', 'Security log, newest first, filterable'))
    .input(ZSecurityEventFind)
    .output(ZSecurityEventPage)
    .query(({ ctx, input }) => findSecurityEvents(ctx.em, input)),
});
