// Personal data under control: the privacy notice a person is shown when they give their data.
import { z } from 'zod';
import { ZRecordedActor } from './audit.schema';
import { ZContact } from './contacts.schema';
import { ZIsoDate, emailText, requiredText } from './text.schema';

/** The longest notice text taken (a page of prose). */
export const PRIVACY_NOTICE_MAX = 20_000;

export { FIRST_PRIVACY_NOTICE } from './privacy-notice-text';

/** One version of the privacy notice; versions are kept as published, never edited. */
export const ZPrivacyNotice = z.object({
  version: z.number().int().min(1),
  text: z.string(),
  createdAt: ZIsoDate,
  /** Who published it (null: the first version, installed with the product, or a removed user). */
  createdBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type TPrivacyNotice = z.output<typeof ZPrivacyNotice>;

/** POST /privacy/notices: the next version's text. */
export const ZPrivacyNoticeCreate = z.strictObject({
  text: requiredText('text is required: the notice people are shown', PRIVACY_NOTICE_MAX),
});
export type TPrivacyNoticeCreate = z.output<typeof ZPrivacyNoticeCreate>;

/** GET /privacy/notice (public): the current version, or the one asked for (a consent names one). */
export const ZPrivacyNoticeQuery = z.object({
  version: z.coerce
    .number({ error: 'version must be a notice version number' })
    .int('version must be a notice version number')
    .min(1, 'version must be a notice version number')
    .max(2_147_483_647, 'version must be a notice version number')
    .optional(),
});

/** What GET /privacy/notice answers, for the /privacy page. */
export const ZCurrentPrivacyNotice = ZPrivacyNotice.pick({
  version: true,
  text: true,
  createdAt: true,
});
export type TCurrentPrivacyNotice = z.output<typeof ZCurrentPrivacyNotice>;

/** POST /privacy/exports and /privacy/erasures: the person, by their email address (any case). */
const ZPersonEmail = emailText('email is required', 'email must be a valid email address');

/** POST /privacy/exports: whose data to gather. */
export const ZPrivacyExportRequest = z.strictObject({ email: ZPersonEmail });

/** Rows of a table, whole (database column names), as the export gives them. */
const ZRows = z.array(z.record(z.string(), z.unknown()));

/**
 * Everything held about an email address: its contacts (all fields, consent included) and, about
 * them or the address, one section of rows per table that holds something of theirs, each read
 * by the feature that owns it (the timeline and notes as `activities`, every email message as
 * `messages`, `webhookDeliveries` with their payloads, `bookings`, `tasks`, `serviceInquiries`,
 * `quarantined` submissions, `importErrors` rows, `auditEntries`, and each contact's `firstTouch`
 * as Analytics groups it). A feature added later adds its section.
 */
export const ZPrivacyExport = z
  .object({
    email: z.string(),
    exportedAt: ZIsoDate,
    contacts: z.array(ZContact),
  })
  .catchall(ZRows);
export type TPrivacyExport = z.output<typeof ZPrivacyExport>;

/** The download's name, by the UTC day of the export: `privacy-export-2026-11-27.json`. */
export const privacyExportFileName = (held: Pick<TPrivacyExport, 'exportedAt'>) =>
  `privacy-export-${held.exportedAt.slice(0, 10)}.json`;

/** The longest reason an erasure is filed with. */
export const ERASURE_REASON_MAX = 500;

/** POST /privacy/erasures: whose data to erase, and why (kept in the ledger and the audit log). */
export const ZErasureRequest = z.strictObject({
  email: ZPersonEmail,
  reason: requiredText(
    'reason is required: why the data is erased (e.g. "Asked by email on 27 November")',
    ERASURE_REASON_MAX,
  ),
});

/** What an erasure removed or redacted, table by table. */
export const ERASURE_COUNT_KEYS = [
  'contacts',
  'activities',
  'messages',
  'deliveries',
  'bookings',
  'quarantined',
  'importErrors',
  'auditEntries',
  'jobs',
] as const;
export const ZErasureCounts = z.object(
  Object.fromEntries(ERASURE_COUNT_KEYS.map((k) => [k, z.number().int().min(0)])) as Record<
    (typeof ERASURE_COUNT_KEYS)[number],
    z.ZodNumber
  >,
);
export type TErasureCounts = z.output<typeof ZErasureCounts>;

/** Why an erasure ran: an admin's request, the retention rule, or a reapply after a restore. */
export const ERASURE_TRIGGERS = ['request', 'retention', 'reapply'] as const;

/**
 * One entry of the erasure ledger (a request, or one batch of the retention rule): keyed hashes
 * of the addresses, never the addresses.
 */
export const ZErasureLedgerEntry = z.object({
  id: z.number().int(),
  /** HMAC-SHA256 of each address (lower case), hex: matches the address again, never reveals it. */
  addressHashes: z.array(z.string()),
  erasedAt: ZIsoDate,
  trigger: z.enum(ERASURE_TRIGGERS),
  actor: ZRecordedActor,
  reason: z.string(),
  counts: ZErasureCounts,
});
export type TErasureLedgerEntry = z.output<typeof ZErasureLedgerEntry>;

/** POST /privacy/erasures answers this; a second erasure of the same address counts zeros. */
export const ZErasureResult = z.object({
  /** The ledger entry (the earlier one when nothing was left to erase). */
  id: z.number().int(),
  erasedAt: ZIsoDate,
  counts: ZErasureCounts,
});
export type TErasureResult = z.output<typeof ZErasureResult>;

/** GET /privacy/erasures: the ledger, newest first, by keyset. */
export const ZErasureLedgerQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 200' })
    .int('limit must be a whole number from 1 to 200')
    .min(1, 'limit must be a whole number from 1 to 200')
    .max(200, 'limit must be a whole number from 1 to 200')
    .default(50),
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, 'cursor must be the nextCursor of the previous page')
    .optional(),
});
export type TErasureLedgerQuery = z.output<typeof ZErasureLedgerQuery>;
export const ZErasureLedgerPage = z.object({
  items: z.array(ZErasureLedgerEntry),
  nextCursor: z.string().nullable(),
});
export type TErasureLedgerPage = z.output<typeof ZErasureLedgerPage>;

/** Retention's bounds, in days: from a month to ten years. */
export const RETENTION_DAYS = { min: 30, max: 3650 } as const;
const retentionMessage = `retention.unconvertedLeadDays must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}, or null to keep leads`;

/** GET|PUT /privacy/settings. */
export const ZPrivacySettings = z.strictObject({
  retention: z.strictObject({
    /** Leads never converted and untouched this many days are erased; null keeps them. */
    unconvertedLeadDays: z
      .number({ error: retentionMessage })
      .int(retentionMessage)
      .min(RETENTION_DAYS.min, retentionMessage)
      .max(RETENTION_DAYS.max, retentionMessage)
      .nullable(),
  }),
});
export type TPrivacySettings = z.output<typeof ZPrivacySettings>;

/** GET /privacy/retention/preview: what the retention rule would erase now. */
export const ZRetentionPreview = z.object({
  unconvertedLeadDays: z.number().int().nullable(),
  /** Untouched since before this time (null: retention is off). */
  cutoff: ZIsoDate.nullable(),
  contacts: z.number().int(),
  addresses: z.number().int(),
});
export type TRetentionPreview = z.output<typeof ZRetentionPreview>;

/** POST /privacy/retention/run: what one run erased. */
export const ZRetentionRun = z.object({
  addresses: z.number().int(),
  counts: ZErasureCounts,
});
export type TRetentionRun = z.output<typeof ZRetentionRun>;

/** A zero of every count (a second erasure of an address, a run with nothing to do). */
export const noErasureCounts = (): TErasureCounts =>
  Object.fromEntries(ERASURE_COUNT_KEYS.map((k) => [k, 0])) as TErasureCounts;

/**
 * The `data` of contact.erased: the ids of the contacts a person's erasure took (a receiver drops
 * its copies of them) and when; nothing that names the person.
 */
export const ZContactErasedWebhookData = z.object({
  contactIds: z.array(z.number().int()),
  erasedAt: ZIsoDate,
});
