// Personal data under control: the privacy notice a person is shown when they give their data.
import { z } from 'zod';
import { ZContact } from './contacts.schema';
import { ZIsoDate, emailText, requiredText } from './text.schema';

/** The longest notice text taken (a page of prose). */
export const PRIVACY_NOTICE_MAX = 20_000;

/**
 * The first version, shown until an admin publishes the company's own text: what the product
 * does with a lead's data, in plain words. The /privacy page is prerendered with it.
 */
export const FIRST_PRIVACY_NOTICE =
  'Convoza uses what you send with this form (your name, email, phone, company and message) to answer you and to book the call you ask for. If you tick the box, we also send you occasional product news, which you can stop at any time. We keep your details while we work with you, never sell them, and delete leads we have not worked with after a set time. You may ask us at any time for a copy of what we hold about you, or to erase it, by writing to hello@convoza.ai.';

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
 * them or the address, the timeline and notes, every email message, webhook deliveries (their
 * payloads), bookings, tasks, service inquiries, quarantined submissions, import error rows,
 * audit entries, and each contact's first touch as Analytics groups it.
 */
export const ZPrivacyExport = z.object({
  email: z.string(),
  exportedAt: ZIsoDate,
  contacts: z.array(ZContact),
  activities: ZRows,
  messages: ZRows,
  webhookDeliveries: ZRows,
  bookings: ZRows,
  tasks: ZRows,
  serviceInquiries: ZRows,
  quarantined: ZRows,
  importErrors: ZRows,
  auditEntries: ZRows,
  firstTouch: ZRows,
});
export type TPrivacyExport = z.output<typeof ZPrivacyExport>;

/** The download's name, by the UTC day of the export: `privacy-export-2026-11-27.json`. */
export const privacyExportFileName = (held: Pick<TPrivacyExport, 'exportedAt'>) =>
  `privacy-export-${held.exportedAt.slice(0, 10)}.json`;
