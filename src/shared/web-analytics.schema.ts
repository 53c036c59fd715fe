// First-party page views: what a public page sends (POST /api/collect) and how it is read.
import { z } from 'zod';
import { dayText, optionalText, requiredText } from './text.schema';

/** The largest page-view body taken; anything longer is a 413. */
export const COLLECT_MAX_BYTES = 2048;

/** POST /collect: the page viewed, where from, and how wide the screen is (its device class). */
export const ZPageViewBeacon = z.strictObject({
  url: requiredText('url is required', 2000),
  referrer: optionalText(2000),
  width: z.number().int().min(0).max(100_000).optional(),
});

export const DEVICES = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type TDevice = (typeof DEVICES)[number];

/** mobile < 768 px ≤ tablet < 1024 px ≤ desktop. */
export function deviceOf(width: number | undefined): TDevice {
  if (width === undefined || width === 0) return 'unknown';
  return width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop';
}

/** The UTM parameters kept from a page's URL (every other query parameter is dropped). */
export const UTM_PARAMETERS = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['utm_term', 'utmTerm'],
  ['utm_content', 'utmContent'],
] as const;

/** The longest period GET /analytics/traffic covers, in days. */
export const TRAFFIC_MAX_DAYS = 400;
export const TRAFFIC_INTERVALS = ['day', 'week', 'month'] as const;
/** How many rows each list of GET /analytics/traffic holds at most. */
export const TRAFFIC_LIST_ROWS = 50;

/** A period of UTC days from `from` to `to`, inclusive, at most TRAFFIC_MAX_DAYS. */
function periodRule({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (to < from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > TRAFFIC_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A period is at most ${TRAFFIC_MAX_DAYS} days`,
    });
}

/** GET /analytics/traffic: UTC days from `from` to `to`, inclusive. */
export const ZTrafficQuery = z
  .object({
    from: dayText('from'),
    to: dayText('to'),
    interval: z
      .enum(TRAFFIC_INTERVALS, {
        error: `interval must be one of: ${TRAFFIC_INTERVALS.join(', ')}`,
      })
      .default('day'),
  })
  .superRefine(periodRule);
export type TTrafficQuery = z.output<typeof ZTrafficQuery>;

export const FUNNEL_GROUPS = ['source', 'campaign', 'landingPage'] as const;
export type TFunnelGroup = (typeof FUNNEL_GROUPS)[number];

/** GET /analytics/funnel: the same period, grouped by the first touch's source, campaign or page. */
export const ZFunnelQuery = z
  .object({
    from: dayText('from'),
    to: dayText('to'),
    groupBy: z
      .enum(FUNNEL_GROUPS, { error: `groupBy must be one of: ${FUNNEL_GROUPS.join(', ')}` })
      .default('source'),
  })
  .superRefine(periodRule);
export type TFunnelQuery = z.output<typeof ZFunnelQuery>;

const count = z.number().int();
/** A rate between two steps, 0–1; null when the step before is 0. */
const rate = z.number().min(0).max(1).nullable();
const ZFunnelFigures = z.object({
  visitors: count,
  leads: count,
  bookedCalls: count,
  customers: count,
  /** Leads per visitor, at most 1 (a lead whose visit sent no page view has no visitor). */
  visitToLead: rate,
  leadToCall: rate,
  /** Of the leads who booked a call, the share now customers. */
  callToCustomer: rate,
});
export type TFunnelFigures = z.output<typeof ZFunnelFigures>;
export const ZFunnel = z.object({
  rows: z.array(ZFunnelFigures.extend({ key: z.string() })),
  totals: ZFunnelFigures,
});
export type TFunnel = z.output<typeof ZFunnel>;

const visitors = z.number().int();
export const ZTraffic = z.object({
  /** Visitors are counted per day (a visitor key lives one UTC day) and summed over the days. */
  totals: z.object({ visitors, pageviews: z.number().int() }),
  /** One point per day, week (from its Monday) or month (from its first day), zeros included. */
  series: z.array(z.object({ date: z.string(), visitors, pageviews: z.number().int() })),
  pages: z.array(z.object({ path: z.string(), visitors, pageviews: z.number().int() })),
  referrers: z.array(z.object({ host: z.string(), visitors })),
  campaigns: z.array(
    z.object({
      source: z.string().nullable(),
      medium: z.string().nullable(),
      campaign: z.string().nullable(),
      visitors,
    }),
  ),
  devices: z.array(z.object({ device: z.enum(DEVICES), visitors })),
  /** Distinct visitors in the last 5 minutes. */
  liveVisitors: visitors,
});
export type TTraffic = z.output<typeof ZTraffic>;
