import { ZAnalyticsQuery, ZAnalyticsSummary } from '../../shared/analytics.schema';
import { ZFunnel, ZFunnelQuery, ZTraffic, ZTrafficQuery } from '../../shared/web-analytics.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { funnel } from '../web-analytics/funnel.service';
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

  funnel: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics/funnel',
        tags: ['analytics'],
        summary: 'Visitors → leads → booked calls → customers, by source, campaign or landing page',
        description:
          "UTC days from `from` to `to` (inclusive, at most 400 days). Leads are website contacts created in the period (as the contacts list counts them), bookedCalls those of them with a booking, customers those of them now converted; rates are 0–1, or null when the step before is 0: visitToLead is leads per visitor, at most 1 (a lead whose visit sent no page view has no visitor), leadToCall bookedCalls per lead, callToCustomer the share of the leads with a booked call who are customers now. A visitor (per day) and a lead belong to the source (utm_source, else the referrer's host, else direct), campaign (utm_campaign or (none)) and landing page (its path) of their first touch.",
      },
    })
    .input(ZFunnelQuery)
    .output(ZFunnel)
    .query(({ ctx, input }) => funnel(ctx.em, input)),
});
