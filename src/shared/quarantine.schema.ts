import { z } from 'zod';
import { keysetPaging } from './paging.schema';
import { searchText, ZIsoDate } from './text.schema';

export const QUARANTINE_DAYS = 30;

export const ZQuarantinedSubmission = z.object({
  id: z.number().int(),
  /** Why it is held: the content filter ("Link stuffing: 3 links") or the rate limit ("Rate limit: ..."). */
  reason: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string(),
  /** website (the form) or api (an integration key). */
  source: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: ZIsoDate,
  expiresAt: ZIsoDate,
});
export type TQuarantinedSubmission = z.output<typeof ZQuarantinedSubmission>;

/** GET /quarantine: newest first, by keyset like the audit log; `reason` matches part of it. */
export const ZQuarantineQuery = z.object({
  ...keysetPaging(10),
  reason: searchText(100).transform((v) => v || undefined),
});
export type TQuarantineQuery = z.output<typeof ZQuarantineQuery>;

export const ZQuarantinePage = z.object({
  items: z.array(ZQuarantinedSubmission),
  nextCursor: z.string().nullable(),
  /** Every held submission matching the filter (not only this page). */
  total: z.number().int(),
});
export type TQuarantinePage = z.output<typeof ZQuarantinePage>;
