import { ZAnalyticsQuery, ZAnalyticsSummary } from '../../shared/analytics.schema';
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
        description:
          "speedToLead, leadsBySource, emailDeliveries and bookings cover the last `days` days (7, 30 or 90; 30 by default), counted in the company's time zone (timeZone, GET /settings/organization), today included. bookings.bookedRatePct: leads of the period that booked within 7 days; noShowRatePct: of the period's past calls.",
      },
    })
    .input(ZAnalyticsQuery.optional())
    .output(ZAnalyticsSummary)
    .query(({ ctx, input }) => analyticsSummary(ctx.em, input?.days)),
});
