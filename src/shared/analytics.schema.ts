import { z } from 'zod';

export const ZAnalyticsSummary = z.object({
  totalContacts: z.number().int(),
  totalUsers: z.number().int(),
  totalServiceInquiries: z.number().int(),
  totalCampaigns: z.number().int(),
  contactsByStatus: z.record(z.string(), z.number().int()),
  campaignsByStatus: z.record(z.string(), z.number().int()),
  /** Contacts received per UTC day over the last 30 days, oldest first, zero-filled. */
  contactsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type TAnalyticsSummary = z.output<typeof ZAnalyticsSummary>;

/** Whole-number share, 0 when the total is 0 (spec section 9). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}
