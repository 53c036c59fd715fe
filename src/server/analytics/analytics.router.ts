import { ZAnalyticsQuery, ZAnalyticsSummary } from '../../shared/analytics.schema';
import { ZTraffic, ZTrafficQuery } from '../../shared/web-analytics.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { traffic } from '../web-analytics/traffic.service';
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

  traffic: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics/traffic',
        tags: ['analytics'],
        summary: "The website's visitors and page views over a period (cookie-less, first-party)",
        description:
          'UTC days from `from` to `to` (inclusive, YYYY-MM-DD, at most 400 days), by `interval` (day, week from Monday, month). A visitor is counted once per day (the key behind it changes every UTC day), so a period sums its days. Lists hold at most 50 rows each, by visitors; page views without a referrer or a campaign are not listed. liveVisitors: distinct visitors in the last 5 minutes.',
      },
    })
    .input(ZTrafficQuery)
    .output(ZTraffic)
    .query(({ ctx, input }) => traffic(ctx.em, input)),
});
