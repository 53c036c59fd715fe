import { z } from 'zod';
import { ZAnalyticsSummary } from '../../shared/analytics.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { analyticsSummary } from './analytics.service';

export const analyticsRouter = router({
  summary: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics',
        tags: ['analytics'],
        summary: 'Counts for the dashboard and analytics screens',
      },
    })
    .input(z.void())
    .output(ZAnalyticsSummary)
    .query(({ ctx }) => analyticsSummary(ctx.em)),
});
