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

/**
 * What a page view's value is stored and listed as once it cannot be kept apart: past the day's
 * cap of distinct values of its kind, or outside a list's top rows.
 */
export const FOLDED_KEY = '(other)';
/** The values of a page view whose distinct count per day is capped (each kind apart). */
export const PAGE_VIEW_KEY_KINDS = [
  'path',
  'referrer',
  'source',
  'medium',
  'campaign',
  'term',
  'content',
] as const;
export type TPageViewKeyKind = (typeof PAGE_VIEW_KEY_KINDS)[number];
/**
 * The caps a day's page views may reach: the day's page views, the distinct values of each kind,
 * and the visitors one network counts for.
 */
export const PAGE_VIEW_CAPS = ['views', ...PAGE_VIEW_KEY_KINDS, 'networkVisitors'] as const;
export type TPageViewCap = (typeof PAGE_VIEW_CAPS)[number];
/** Page views stored per UTC day unless ANALYTICS_DAILY_VIEW_CAP says otherwise; more are dropped. */
export const DEFAULT_DAILY_VIEW_CAP = 500_000;
/** Distinct values per kind and UTC day unless ANALYTICS_DAILY_KEY_CAP says otherwise. */
export const DEFAULT_DAILY_KEY_CAP = 5_000;
/** Distinct visitors one network (an IPv4 address, an IPv6 /48) counts for per UTC day. */
export const VISITORS_PER_NETWORK = 20;
/** A key is listed (a top page, source, campaign, funnel row) once seen from this many networks. */
export const MIN_NETWORKS_LISTED = 3;

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
/** How many rows GET /analytics/funnel lists at most; the rest are summed in `other`. */
export const FUNNEL_ROWS = 50;
export const ZFunnel = z.object({
  /** At most FUNNEL_ROWS keys, by visitors then leads. */
  rows: z.array(ZFunnelFigures.extend({ key: z.string() })),
  /** The keys past those rows, or seen from too few networks and with no lead, summed. */
  other: ZFunnelFigures.extend({ keys: count }).nullable(),
  totals: ZFunnelFigures,
});
export type TFunnel = z.output<typeof ZFunnel>;

const visitors = z.number().int();
/** What a list leaves out, summed: how many keys, their visitors and page views (per day). */
const ZOtherKeys = z.object({ keys: count, visitors, pageviews: z.number().int() });
export type TOtherKeys = z.output<typeof ZOtherKeys>;
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
  /** Per list, the keys past its rows or seen from too few networks, summed; null when none. */
  other: z.object({
    pages: ZOtherKeys.nullable(),
    referrers: ZOtherKeys.nullable(),
    campaigns: ZOtherKeys.nullable(),
  }),
  /** Distinct visitors in the last 5 minutes. */
  liveVisitors: visitors,
});
export type TTraffic = z.output<typeof ZTraffic>;
