import { z } from 'zod';

/** The periods the analytics can cover, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;

export const ZAnalyticsQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be 7, 30 or 90' })
    .refine((d) => (ANALYTICS_PERIODS as readonly number[]).includes(d), 'days must be 7, 30 or 90')
    .optional(),
});

/** Minutes from submission to first answer (first status change away from new), answered leads only. */
export const ZSpeedToLead = z.object({
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  within5MinutesPct: z.number().int(),
  within1BusinessHourPct: z.number().int(),
  /** How many answered leads the figures are drawn from. */
  sample: z.number().int(),
});
export type TSpeedToLead = z.output<typeof ZSpeedToLead>;

export const ZLeadSource = z.object({
  source: z.string(),
  utmCampaign: z.string().nullable(),
  count: z.number().int(),
});
export type TLeadSource = z.output<typeof ZLeadSource>;

const ZSentFailed = z.object({ sent: z.number().int(), failed: z.number().int() });
export const ZDeliveryCounts = z.object({ alerts: ZSentFailed, autoReplies: ZSentFailed });
export type TDeliveryCounts = z.output<typeof ZDeliveryCounts>;

/**
 * Booked calls of the period. The rate and the median are over the leads of the period, counting
 * a lead as booked when its first booking came within 7 days of it.
 */
export const ZBookingStats = z.object({
  /** Bookings made in the period and not cancelled. */
  booked: z.number().int(),
  bookedRatePct: z.number().int(),
  medianMinutesToBooking: z.number().nullable(),
  /** Share of no-shows among the calls of the period that were due by now (not cancelled). */
  noShowRatePct: z.number().int(),
});
export type TBookingStats = z.output<typeof ZBookingStats>;

export const ZAnalyticsSummary = z.object({
  totalContacts: z.number().int(),
  totalUsers: z.number().int(),
  totalServiceInquiries: z.number().int(),
  totalCampaigns: z.number().int(),
  contactsByStatus: z.record(z.string(), z.number().int()),
  campaignsByStatus: z.record(z.string(), z.number().int()),
  /** Contacts received per day (the company's) over the last 30 days, oldest first, zero-filled. */
  contactsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** The period the figures below cover: the last `days` days. */
  days: z.number().int(),
  /** The company's time zone, whose calendar days the periods and business hours are. */
  timeZone: z.string(),
  speedToLead: ZSpeedToLead,
  leadsBySource: z.array(ZLeadSource),
  emailDeliveries: ZDeliveryCounts,
  bookings: ZBookingStats,
});
export type TAnalyticsSummary = z.output<typeof ZAnalyticsSummary>;

/** Whole-number share, 0 when the total is 0 (docs/PRODUCT.md). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}
