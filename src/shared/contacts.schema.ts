import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-form';
import {
  CONTACT_CREATE_SHAPE,
  CONTACT_SHAPE,
  ZContactConsentInput,
  ZContactStatus,
} from './contact-fields';
import { ZId, dayText, optionalText, requiredText, searchText, storableText } from './text.schema';
import { FUNNEL_GROUPS, type TFunnelGroup } from './web-analytics.schema';

export { CONTACT_STATUSES, ZContactStatus, type TContactStatus } from './contact-fields';

/**
 * First-touch attribution the website form records for a visit (UTM parameters of the landing
 * URL, the referring site, the landing page); an API client may send the same fields.
 */
export const ATTRIBUTION_FIELDS = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'referrer',
  'landingPage',
] as const;
export type TAttributionField = (typeof ATTRIBUTION_FIELDS)[number];

export const ZAttribution = z.object({
  utmSource: optionalText(200),
  utmMedium: optionalText(200),
  utmCampaign: optionalText(200),
  utmTerm: optionalText(200),
  utmContent: optionalText(200),
  referrer: optionalText(2000),
  landingPage: optionalText(2000),
});
export type TAttribution = z.output<typeof ZAttribution>;

/** What an admin-side create or a CSV row carries (a CSV row also a status: contact-csv.schema.ts). */
export const ZContactCreate = z.object(CONTACT_CREATE_SHAPE);
export type TContactCreate = z.output<typeof ZContactCreate>;

/** The public website form: message required, plus the `website` honeypot and the form token. */
export const ZContactSubmit = ZContactCreate.extend({
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message),
  website: z.string().max(500).optional(),
  formToken: z.string().max(500).optional(),
  consent: ZContactConsentInput.optional(),
  ...ZAttribution.shape,
});
export type TContactSubmit = z.output<typeof ZContactSubmit>;

export const ZContact = z.object(CONTACT_SHAPE);

/**
 * The `data` of the contact webhooks (contact.created, contact.status_changed): the contact as it
 * is now. `contact.source` says how it came: `website` (the form), `api` (an integration key),
 * `manual` (typed in by staff); an import sends no contact.created.
 */
export const ZContactWebhookData = z.object({ contact: ZContact });
export type TContact = z.output<typeof ZContact>;

/**
 * A contact's fields as the API answers them, in order: the one list the list pages' SQL, the
 * view of an entity and the CSV export's columns (this order) are derived from on the server.
 */
export const CONTACT_FIELDS = Object.keys(ZContact.shape) as readonly (keyof TContact)[];

/**
 * GET /api/contacts/form-token: the token to send with the form, the seconds to wait first, and
 * the privacy notice version the form shows (sent back as `consent.noticeVersion`).
 */
export const ZFormToken = z.object({
  token: z.string(),
  minFormFillTime: z.number().int(),
  noticeVersion: z.number().int(),
});
export type TFormToken = z.output<typeof ZFormToken>;

/**
 * 'contacts-2026-03-04.csv', the export's name: the browser dates it in the visitor's time zone
 * (as the product's client does), the server in UTC (its days are UTC days everywhere).
 */
export function contactsCsvFileName(now = new Date(), clock: 'local' | 'utc' = 'local'): string {
  const day = clock === 'utc' ? now.toISOString().slice(0, 10) : localDay(now);
  return `contacts-${day}.csv`;
}

function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const ZContactStatusUpdate = z.strictObject({ id: ZId, status: ZContactStatus });

/** PATCH /contacts/{id}/owner: a user id, or null to unassign. */
export const ZContactOwnerUpdate = z.strictObject({ id: ZId, ownerId: ZId.nullable() });

/** The fields a person corrects on a contact (PATCH /contacts/{id}); the timeline shows each change. */
export const EDITABLE_CONTACT_FIELDS = ['name', 'email', 'company', 'phone'] as const;
export type TEditableContactField = (typeof EDITABLE_CONTACT_FIELDS)[number];

/**
 * PATCH /contacts/{id}: only the keys sent change (a blank company or phone clears it); an
 * unknown key is refused. The same email as another contact is allowed (duplicates are kept).
 */
export const ZContactUpdate = z
  .strictObject({
    id: ZId,
    name: CONTACT_CREATE_SHAPE.name.optional(),
    email: CONTACT_CREATE_SHAPE.email.optional(),
    company: CONTACT_CREATE_SHAPE.company.optional(),
    phone: CONTACT_CREATE_SHAPE.phone.optional(),
    ownerId: ZId.nullable().optional(),
  })
  .refine((input) => Object.keys(input).some((key) => key !== 'id'), {
    message: `Send at least one of: ${[...EDITABLE_CONTACT_FIELDS, 'ownerId'].join(', ')}`,
  });
export type TContactUpdate = z.output<typeof ZContactUpdate>;

/** The source of a contact the team entered by hand: nobody filled a form, so no auto-reply. */
export const MANUAL_SOURCE = 'manual';

/**
 * POST /contacts/manual: a lead the team enters by hand (a phone call, a business card), with
 * no public-form checks and no auto-reply; given an owner, it is not routed.
 */
export const ZContactManualCreate = z.strictObject({
  name: CONTACT_CREATE_SHAPE.name,
  email: CONTACT_CREATE_SHAPE.email,
  company: CONTACT_CREATE_SHAPE.company,
  phone: CONTACT_CREATE_SHAPE.phone,
  message: CONTACT_CREATE_SHAPE.message,
  ownerId: ZId.nullable().optional(),
});
export type TContactManualCreate = z.output<typeof ZContactManualCreate>;
export type TContactManualCreateInput = z.input<typeof ZContactManualCreate>;

export const ZContactStatusCounts = z.object({
  all: z.number().int(),
  new: z.number().int(),
  contacted: z.number().int(),
  qualified: z.number().int(),
  converted: z.number().int(),
});
export type TContactStatusCounts = z.output<typeof ZContactStatusCounts>;

const OWNER_FILTER_MESSAGE = 'Must be a user id, "me" or "unassigned"';

/** Whose leads: a user id, the signed-in user's ('me'), or nobody's ('unassigned'). */
export const ZOwnerFilter = z.union([z.enum(['me', 'unassigned']), ZId], {
  error: OWNER_FILTER_MESSAGE,
});
export type TOwnerFilter = z.output<typeof ZOwnerFilter>;

/** The same in a query string, where the OpenAPI adapter takes only a string parameter. */
const ZOwnerFilterParam = z
  .string()
  .trim()
  .regex(/^(me|unassigned|[1-9][0-9]{0,9})$/, OWNER_FILTER_MESSAGE)
  .pipe(z.string().transform((v): TOwnerFilter => ZOwnerFilter.parse(v)));

/** `<grouping>:<key>`, a first-touch key as GET /analytics/funnel groups leads. */
const FIRST_TOUCH_PATTERN = new RegExp(`^(${FUNNEL_GROUPS.join('|')}):[\\s\\S]+$`);

/**
 * What narrows the list to the contacts a figure of Analytics counts (each figure links here):
 * their source (`website`), the UTC days they were created on, their first touch as the funnel
 * groups it (`source:linkedin`, `campaign:q4`, `landingPage:/pricing`) and whether they booked a
 * call; and whether they opted in to product news (who marketing may write to). Query-string
 * shaped, so REST and tRPC take the same values.
 */
export const CONTACT_ORIGIN_FILTERS = {
  source: z
    .string()
    .trim()
    .min(1)
    .max(50, 'source is at most 50 characters')
    .check(storableText)
    .optional(),
  createdFrom: dayText('createdFrom').optional(),
  createdTo: dayText('createdTo').optional(),
  firstTouch: z
    .string()
    .max(600, 'firstTouch is at most 600 characters')
    .regex(
      FIRST_TOUCH_PATTERN,
      `firstTouch must be <${FUNNEL_GROUPS.join('|')}>:<key>, e.g. source:linkedin`,
    )
    .check(storableText)
    .optional(),
  booked: z.enum(['true', 'false'], { error: 'booked must be true or false' }).optional(),
  /** Whether the person asked for product news (`consent.marketingOptIn`). */
  marketingOptIn: z
    .enum(['true', 'false'], { error: 'marketingOptIn must be true or false' })
    .optional(),
};

/** A firstTouch filter taken apart. */
export function firstTouchParts(firstTouch: string): { by: TFunnelGroup; key: string } {
  const at = firstTouch.indexOf(':');
  return { by: firstTouch.slice(0, at) as TFunnelGroup, key: firstTouch.slice(at + 1) };
}

/** Paged, searchable query the admin screen uses (keyset paging on id, newest first). */
export const ZContactFind = z.object({
  search: searchText(200),
  status: ZContactStatus.optional(),
  ownerId: ZOwnerFilterParam.optional(),
  ...CONTACT_ORIGIN_FILTERS,
  cursor: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TContactFind = z.output<typeof ZContactFind>;

export const ZContactPage = z.object({
  items: z.array(ZContact),
  nextCursor: z.number().int().nullable(),
  /** Contacts matching search + status. */
  total: z.number().int(),
  /** Per-status counts over the search (not the status filter), plus `all`. */
  counts: ZContactStatusCounts,
  /**
   * False when a search matches more contacts than are counted (1,000): `counts` and `total`
   * are then lower bounds ("1,000+"). Always true without a search.
   */
  countsExact: z.boolean(),
});
export type TContactPage = z.output<typeof ZContactPage>;

export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ZCsvImport = z.strictObject({
  csvData: z
    .string({ error: 'csvData is required' })
    .min(1, 'The CSV file is empty')
    .max(CSV_IMPORT_MAX_BYTES, 'The CSV file is larger than 5 MB'),
});
export const ZCsvImportResult = z.object({
  success: z.boolean(),
  message: z.string(),
  imported: z.number().int(),
});
export type TCsvImportResult = z.output<typeof ZCsvImportResult>;
