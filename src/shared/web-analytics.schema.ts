// First-party page views: what a public page sends (POST /api/collect) and how it is read.
import { z } from 'zod';
import { optionalText, requiredText } from './text.schema';

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
