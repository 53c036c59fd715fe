import { z } from 'zod';
import { isValidEmail } from './contact-form';

/**
 * Inputs of signed-in writes are strict objects (z.strictObject): a misspelt key is refused,
 * never ignored (`{"filter":{"stauts":"converted"}}` once deleted every contact). One message for
 * it everywhere, client and server, set once here where every schema imports from.
 */
z.config({
  customError: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`
      : undefined,
});

/** PostgreSQL rejects NUL in text; refuse it at the edge so it never becomes a 500. */
const noNul = (s: string) => !s.includes('\u0000');

/** A required, trimmed text field with the user-facing message for "blank". */
export function requiredText(message: string, max = 200) {
  return (
    z
      .string({ error: message })
      .trim()
      // abort: a blank value reports only "required", not also "invalid format".
      .min(1, { message, abort: true })
      // abort: checks after this one (patterns, refinements) never see an oversized string.
      .max(max, { message: `Must be at most ${max} characters`, abort: true })
      .refine(noNul, 'Must not contain NUL characters')
  );
}

/** An optional text field: blank or missing becomes null. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters`, abort: true })
    .refine(noNul, 'Must not contain NUL characters')
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A search term: trimmed, bounded, no NUL (PostgreSQL cannot compare it: a 500, not a 400). */
export function searchText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters`, abort: true })
    .refine(noNul, 'Must not contain NUL characters')
    .optional();
}

/** The product's one email rule (see isValidEmail), stored lower-cased. */
export function emailText(requiredMessage: string, invalidMessage: string) {
  return requiredText(requiredMessage, 254)
    .refine(isValidEmail, invalidMessage)
    .transform((v) => v.toLowerCase());
}

/** Database ids are int4: anything outside is "not found" territory, so reject it as bad input. */
export const ZId = z.coerce
  .number({ error: 'Must be a positive whole number' })
  .int('Must be a positive whole number')
  .min(1, 'Must be a positive whole number')
  .max(2147483647, 'Must be a positive whole number');

export const ZIdInput = z.strictObject({ id: ZId });

export const ZIsoDate = z.string().describe('ISO 8601 timestamp');

export const ZOk = z.object({ success: z.boolean(), message: z.string().optional() });
