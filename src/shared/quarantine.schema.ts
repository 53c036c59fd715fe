import { z } from 'zod';
import { ZIsoDate } from './text.schema';

export const QUARANTINE_DAYS = 30;

export const ZQuarantinedSubmission = z.object({
  id: z.number().int(),
  /** Why the content filter objected (e.g. "Link stuffing: 3 links"). */
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
