import type { TAttributionInput } from '../../shared/contacts.schema';

const KEY = 'convoza.firstTouch';
const UTM = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['utm_term', 'utmTerm'],
  ['utm_content', 'utmContent'],
] as const;

/**
 * Notes where this visit came from, once per visit (the tab's session): the UTM parameters of
 * the landing URL, the referring site (not our own pages) and the landing page. Later pages of
 * the visit keep the first touch; the contact form sends it with the lead.
 */
export function rememberFirstTouch(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const { search, pathname, origin } = window.location;
    const params = new URLSearchParams(search);
    const touch: TAttributionInput = { landingPage: (pathname + search).slice(0, 2000) };
    for (const [param, field] of UTM) {
      const value = params.get(param)?.trim();
      if (value) touch[field] = value.slice(0, 200);
    }
    const referrer = document.referrer;
    if (referrer && !referrer.startsWith(origin)) touch.referrer = referrer.slice(0, 2000);
    sessionStorage.setItem(KEY, JSON.stringify(touch));
  } catch {
    // Storage off (private mode, blocked): the lead simply carries no attribution.
  }
}

/** The visit's first touch, or nothing. */
export function firstTouch(): TAttributionInput {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as TAttributionInput;
  } catch {
    return {};
  }
}
