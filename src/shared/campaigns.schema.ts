import { z } from 'zod';
import { ZId, ZIsoDate, optionalText, requiredText } from './text.schema';

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES, {
  error: `Status must be one of: ${CAMPAIGN_STATUSES.join(', ')}`,
});
export type TCampaignStatus = z.output<typeof ZCampaignStatus>;

export const CAMPAIGN_TYPES = ['email', 'social', 'voice', 'content', 'other'] as const;
export const ZCampaignType = z.enum(CAMPAIGN_TYPES, {
  error: `Type must be one of: ${CAMPAIGN_TYPES.join(', ')}`,
});

const goalValue = z
  .number({ error: 'Goal value must be a whole number' })
  .int('Goal value must be a whole number')
  .min(0, 'Goal value must be 0 or more')
  .max(2147483647, 'Goal value is too large')
  .nullish()
  .transform((v) => v ?? null);

/**
 * The campaign's utm_campaign code: leads whose first touch carried it (any letter case) count
 * as the campaign's leads. Stored lower-case; blank means none.
 */
const utmCampaign = optionalText(100)
  .transform((v) => v?.toLowerCase() ?? null)
  .refine(
    (v) => v === null || /^[a-z0-9][a-z0-9._-]*$/.test(v),
    'Use letters, digits, dots, dashes or underscores (as in the links utm_campaign=...)',
  );

const fields = {
  name: requiredText('Name is required', 200),
  type: ZCampaignType,
  status: ZCampaignStatus,
  targetAudience: optionalText(200),
  goalMetric: optionalText(100),
  goalValue,
  description: optionalText(2000),
  utmCampaign,
};

export const ZCampaignCreate = z.strictObject({
  ...fields,
  status: fields.status.default('draft'),
});
export type TCampaignCreateInput = z.input<typeof ZCampaignCreate>;
export type TCampaignCreate = z.output<typeof ZCampaignCreate>;

/** PATCH: any subset of the fields (the product's client sends just `{status}`). */
export const ZCampaignUpdate = z.strictObject({
  id: ZId,
  name: fields.name.optional(),
  type: fields.type.optional(),
  status: fields.status.optional(),
  targetAudience: fields.targetAudience.optional(),
  goalMetric: fields.goalMetric.optional(),
  goalValue: fields.goalValue.optional(),
  description: fields.description.optional(),
  utmCampaign: fields.utmCampaign.optional(),
});
export type TCampaignUpdate = z.output<typeof ZCampaignUpdate>;

/** The fixed defaults of the product's 'New Campaign' button. */
export const NEW_CAMPAIGN_DEFAULTS: TCampaignCreateInput = {
  name: 'New Campaign',
  type: 'email',
  status: 'draft',
  targetAudience: 'All customers',
  goalMetric: 'conversions',
  goalValue: 100,
  description: 'Describe the goal, audience and message of this campaign.',
};

export const ZCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  type: ZCampaignType,
  status: ZCampaignStatus,
  targetAudience: z.string().nullable(),
  goalMetric: z.string().nullable(),
  goalValue: z.number().int().nullable(),
  description: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  utmCampaign: z.string().nullable(),
  /** Leads carrying the code and how many of them converted; null without a code. */
  results: z.object({ leads: z.number().int(), conversions: z.number().int() }).nullable(),
  /**
   * From the first visit to the customer, all time; null without a code: visitors whose day began
   * on a link carrying it, its leads, those with a booked call, and the customers among them.
   */
  funnel: z
    .object({
      visitors: z.number().int(),
      leads: z.number().int(),
      bookedCalls: z.number().int(),
      customers: z.number().int(),
    })
    .nullable(),
});
export type TCampaign = z.output<typeof ZCampaign>;
export type TCampaignResults = NonNullable<TCampaign['results']>;
export type TCampaignFunnel = NonNullable<TCampaign['funnel']>;
