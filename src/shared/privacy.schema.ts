// Personal data under control: the privacy notice a person is shown when they give their data.
import { z } from 'zod';
import { ZIsoDate, requiredText } from './text.schema';

/** The longest notice text taken (a page of prose). */
export const PRIVACY_NOTICE_MAX = 20_000;

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
