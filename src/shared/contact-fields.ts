// A contact's fields, written once. ZContact and ZContactCreate (contacts.schema.ts) are built
// from these shapes, and from those every API answer, the webhooks' payload, the CSV export and
// both CSV imports (contact-csv.schema.ts); a field is added here and in the entity only.
import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-form';
import { ZIsoDate, emailText, optionalText, requiredText } from './text.schema';

export const CONTACT_STATUSES = ['new', 'contacted', 'qualified', 'converted'] as const;
export const ZContactStatus = z.enum(CONTACT_STATUSES, {
  error: `Status must be one of: ${CONTACT_STATUSES.join(', ')}`,
});
export type TContactStatus = z.output<typeof ZContactStatus>;

/** What a client may set: an admin-side create, the API, the website form, a CSV row. */
export const CONTACT_CREATE_SHAPE = {
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name),
  email: emailText(CONTACT_MESSAGES.emailRequired, CONTACT_MESSAGES.emailInvalid),
  company: optionalText(CONTACT_LIMITS.company),
  phone: optionalText(CONTACT_LIMITS.phone),
  message: optionalText(CONTACT_LIMITS.message),
  source: optionalText(50),
};

/**
 * On what basis the contact's data was taken: the privacy notice version the person was shown
 * (null when nobody showed them one: a lead the team typed in or imported), whether they asked
 * for product news, and when they sent it (null with no notice).
 */
const ZContactConsent = z.object({
  noticeVersion: z.number().int().nullable(),
  marketingOptIn: z.boolean(),
  givenAt: ZIsoDate.nullable(),
});

/**
 * What a submission may say about its consent: the notice version shown (the current one when
 * left out) and the opt-in (false when left out). When it was given is the server's clock.
 */
export const ZContactConsentInput = z.strictObject({
  noticeVersion: z
    .number({ error: 'noticeVersion must be a notice version number' })
    .int('noticeVersion must be a notice version number')
    .min(1, 'noticeVersion must be a notice version number')
    .optional(),
  marketingOptIn: z.boolean({ error: 'marketingOptIn must be true or false' }).default(false),
});
export type TContactConsentInput = z.output<typeof ZContactConsentInput>;

/** A contact as the API answers it, in this order (also the CSV export's columns). */
export const CONTACT_SHAPE = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  status: ZContactStatus,
  source: z.string(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  referrer: z.string().nullable(),
  landingPage: z.string().nullable(),
  /** When its status first moved away from `new` (speed to lead); null while it is new. */
  firstRespondedAt: ZIsoDate.nullable(),
  /** The user who owns the lead, null when unassigned. */
  ownerId: z.number().int().nullable(),
  consent: ZContactConsent,
};
