import { z } from 'zod';
import { ZId, ZIsoDate, optionalText } from './text.schema';

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export const ZPriority = z.enum(PRIORITIES, {
  error: `Priority must be one of: ${PRIORITIES.join(', ')}`,
});
export type TPriority = z.output<typeof ZPriority>;

/** Known service types (each has its own icon); other lowercase keys are accepted too. */
export const SERVICE_TYPES = [
  'ai_outbound',
  'ai_inbound',
  'ai_messaging',
  'workflow_automation',
] as const;
export type TServiceType = (typeof SERVICE_TYPES)[number];
export const isServiceType = (type: string): type is TServiceType =>
  (SERVICE_TYPES as readonly string[]).includes(type);

const details = {
  estimatedVolume: optionalText(200),
  timeline: optionalText(200),
  budget: optionalText(200),
  notes: optionalText(5000),
};

export const ZServiceInquiryCreate = z.strictObject({
  contactId: ZId,
  serviceType: z
    .string({ error: 'Service type is required' })
    .trim()
    .min(1, 'Service type is required')
    .max(50, 'Service type must be at most 50 characters')
    .regex(/^[a-z0-9_]+$/, 'Service type must be lowercase letters, digits and underscores'),
  priority: ZPriority.default('medium'),
  ...details,
});
export type TServiceInquiryCreate = z.output<typeof ZServiceInquiryCreate>;

export const ZServiceInquiryUpdate = z.strictObject({
  id: ZId,
  priority: ZPriority.optional(),
  estimatedVolume: details.estimatedVolume.optional(),
  timeline: details.timeline.optional(),
  budget: details.budget.optional(),
  notes: details.notes.optional(),
});
export type TServiceInquiryUpdate = z.output<typeof ZServiceInquiryUpdate>;

export const ZServiceInquiry = z.object({
  id: z.number().int(),
  contactId: z.number().int(),
  serviceType: z.string(),
  priority: ZPriority,
  estimatedVolume: z.string().nullable(),
  timeline: z.string().nullable(),
  budget: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type TServiceInquiry = z.output<typeof ZServiceInquiry>;
