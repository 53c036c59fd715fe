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
import { securityStats } from './stats.sql';

const tags = ['security'];

export const adminSecurityRouter = router({
  stats: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/security/stats',
        tags,
        summary: 'Security Center tiles for a period',
      },
    })
    .input(z.object({ period: ZSecurityPeriod.default('7d') }))
    .output(ZSecurityStats)
    .query(({ ctx, input }) => securityStats(ctx.em, input.period)),

  settings: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/security/settings',
        tags,
        summary: 'Contact-form protection settings',
      },
    })
    .input(z.void())
    .output(ZSecuritySettings)
    .query(({ ctx }) => getSecuritySettings(ctx.em)),

  updateSettings: adminProcedure
    .meta({
      audit: 'update_settings',
      openapi: {
        method: 'PUT',
        path: '/security/settings',
        tags,
        summary: 'Save the protection settings',
      },
    })
    .input(ZSecuritySettingsUpdate)
    .output(ZSecuritySettings)
    .mutation(({ ctx, input }) => updateSecuritySettings(ctx.em, input)),

  events: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/security/events',
        tags,
        summary: 'Security log, newest first, filterable',
      },
    })
    .input(ZSecurityEventFind)
    .output(ZSecurityEventPage)
    .query(({ ctx, input }) => findSecurityEvents(ctx.em, input)),
});
