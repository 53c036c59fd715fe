// "Find anything": one box over contacts, users, campaigns and service inquiries.
import { z } from 'zod';

export const SEARCH_LIMITS = { min: 2, max: 100, perKind: 5 } as const;

export const ZSearchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(SEARCH_LIMITS.min, `q must be at least ${SEARCH_LIMITS.min} characters`)
    .max(SEARCH_LIMITS.max, `q must be at most ${SEARCH_LIMITS.max} characters`)
    .refine((q) => !q.includes('\0'), 'q must not contain a NUL character'),
});

/** One hit: what to show (a title and a line under it) and the id to open. */
export const ZSearchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
});
export type TSearchHit = z.output<typeof ZSearchHit>;

export const SEARCH_KINDS = ['contacts', 'users', 'campaigns', 'inquiries'] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

export const ZSearchResults = z.object({
  contacts: z.array(ZSearchHit),
  users: z.array(ZSearchHit),
  campaigns: z.array(ZSearchHit),
  inquiries: z.array(ZSearchHit),
});
export type TSearchResults = z.output<typeof ZSearchResults>;
