// Personal data under control: the privacy notice a person is shown when they give their data.
import { z } from 'zod';
import { ZIsoDate, requiredText } from './text.schema';

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

/** GET /privacy/notice (public): the version people are shown now, for the /privacy page. */
export const ZCurrentPrivacyNotice = ZPrivacyNotice.pick({
  version: true,
  text: true,
  createdAt: true,
});
export type TCurrentPrivacyNotice = z.output<typeof ZCurrentPrivacyNotice>;
