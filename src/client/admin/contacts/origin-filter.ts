// The contacts a figure of Analytics counts, as a link to the contacts list and back: the
// figure's link carries the origin filters (CONTACT_ORIGIN_FILTERS) in the query string, and the
// list reads them from there, so the link can be shared and the list's count is the figure.
import { z } from 'zod';
import { CONTACT_ORIGIN_FILTERS, firstTouchParts } from '../../../shared/contacts.schema';
import { formatDay } from '../lib/format';
import { queryString } from '../lib/query-string';

const ZOriginFilter = z.object(CONTACT_ORIGIN_FILTERS);
export type TOriginFilter = z.output<typeof ZOriginFilter>;

/** The list's address showing the contacts `filter` names (with a status, when given). */
export function contactsLinkFor(filter: TOriginFilter & { status?: string }): string {
  return `/contacts${queryString(filter)}`;
}

/**
 * The origin filters in a query string (other parameters left out); none if any is invalid (a
 * hand-edited link).
 */
export function originFilterOf(search: string): TOriginFilter {
  const parsed = ZOriginFilter.safeParse(Object.fromEntries(new URLSearchParams(search)));
  return parsed.success ? parsed.data : {};
}

const FIRST_TOUCH_LABELS = { source: 'source', campaign: 'campaign', landingPage: 'landing page' };

/**
 * "Website leads · source linkedin · created Nov 1 – Nov 27 · with a booked call" (the opt-in has
 * a control of its own on the list).
 */
export function describeOrigin(filter: TOriginFilter): string | null {
  const parts: string[] = [];
  if (filter.source) parts.push(filter.source === 'website' ? 'Website leads' : filter.source);
  if (filter.firstTouch) {
    const { by, key } = firstTouchParts(filter.firstTouch);
    parts.push(`first touch ${FIRST_TOUCH_LABELS[by]} ${key}`);
  }
  if (filter.createdFrom || filter.createdTo)
    parts.push(
      `created ${filter.createdFrom ? formatDay(filter.createdFrom) : '…'} – ${filter.createdTo ? formatDay(filter.createdTo) : '…'} (UTC)`,
    );
  if (filter.booked) parts.push(filter.booked === 'true' ? 'with a booked call' : 'no booked call');

  return parts.length ? parts.join(' · ') : null;
}
