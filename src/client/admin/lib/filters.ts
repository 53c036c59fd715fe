import type { TCampaign } from '../../../shared/campaigns.schema';
import type { TServiceInquiry } from '../../../shared/service-inquiries.schema';
import type { TUser } from '../../../shared/users.schema';

/**
 * Client-side filters for the small tables (users, inquiries, campaigns). Contacts are filtered
 * on the server because they can number in the hundreds of thousands.
 */

/** Case-insensitive substring match of `term` in any of the values; a blank term matches all. */
export function matchesSearch(
  term: string,
  values: readonly (string | null | undefined)[],
): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return values.some((v) => v?.toLowerCase().includes(needle));
}

export function filterUsers(users: readonly TUser[], term: string): TUser[] {
  return users.filter((u) => matchesSearch(term, [u.username, u.email, u.firstName, u.lastName]));
}

/**
 * A list's filter: keeps the items whose `valueOf` is the chosen value ('all': any) and whose
 * `texts` match the search term.
 */
function valueAndSearchFilter<T>(
  valueOf: (item: T) => string,
  texts: (item: T) => readonly (string | null | undefined)[],
) {
  return (items: readonly T[], term: string, value: string): T[] =>
    items.filter(
      (item) => (value === 'all' || valueOf(item) === value) && matchesSearch(term, texts(item)),
    );
}

/** Inquiries by priority, searched in their service type and notes. */
export const filterInquiries = valueAndSearchFilter<TServiceInquiry>(
  (i) => i.priority,
  (i) => [i.serviceType, i.notes],
);

/** Campaigns by status, searched in their name, type and audience. */
export const filterCampaigns = valueAndSearchFilter<TCampaign>(
  (c) => c.status,
  (c) => [c.name, c.type, c.targetAudience],
);

/** How many items have each value of `key`, with every listed value present (0 when none). */
export function countBy<T, K extends string>(
  items: readonly T[],
  keys: readonly K[],
  key: (item: T) => string,
): Record<K, number> {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const item of items) {
    const value = key(item);
    if ((keys as readonly string[]).includes(value)) counts[value as K] += 1;
  }
  return counts;
}
