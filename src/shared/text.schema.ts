import { z } from 'zod';
import { isValidEmail } from './contact-form';

/**
 * Inputs of signed-in writes are strict objects (z.strictObject): a misspelt key is refused,
 * never ignored (`{"filter":{"stauts":"converted"}}` once deleted every contact). One message for
 * it everywhere, client and server, set once here where every schema imports from.
 * In the browser zod's compiled fast path is off (`jitless`): the site's Content-Security-Policy
 * (script-src 'self') forbids the `new Function` it probes for, and the refused probe is reported
 * as a violation (Lighthouse's best practices count it). The server keeps the fast path.
 */
z.config({
  jitless: 'document' in globalThis,
  customError: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`
      : undefined,
});

/**
 * The one rule for text that may be stored: PostgreSQL refuses NUL in text, and its jsonb (the
 * audit log keeps what a write changed) refuses NUL and unpaired UTF-16 surrogates, so either
 * would fail a whole write as a 500. Every text field of every input is held to it: the schemas'
 * text helpers below, and the server's check of every input (trpc/unsafe-text.ts) for fields
 * written as plain z.string(). Answers what is wrong, or null.
 */
export function storableTextProblem(s: string): string | null {
  if (s.includes('\u0000')) return TEXT_MESSAGES.nul;
  if (UNPAIRED_SURROGATE.test(s)) return TEXT_MESSAGES.surrogate;
  return null;
}
/** A high surrogate not followed by a low one, or a low one not after a high one (linear: no quantifiers). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The same rule where text is kept rather than refused (what a refused write's audit or a log
 * quotes): NUL dropped, an unpaired surrogate replaced by U+FFFD, as a UTF-8 decoder would.
 */
export const toStorableText = (s: string): string =>
  s.replaceAll('\u0000', '').replace(new RegExp(UNPAIRED_SURROGATE.source, 'g'), '\uFFFD');
export const TEXT_MESSAGES = {
  nul: 'Must not contain NUL characters',
  surrogate: 'Must not contain unpaired surrogates (broken UTF-16)',
} as const;

/** The rule as a zod check of a string schema: the issue says which problem it is. */
export const storableText = (ctx: z.core.ParsePayload<string>) => {
  const problem = storableTextProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
};

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
      .check(storableText)
  );
}

/** An optional text field: blank or missing becomes null. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters`, abort: true })
    .check(storableText)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A search term: trimmed, bounded, no NUL (PostgreSQL cannot compare it: a 500, not a 400). */
export function searchText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters`, abort: true })
    .check(storableText)
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

/**
 * The instants and days an input may name, in UTC: PostgreSQL has no year 0 and JavaScript's
 * dates run past year 9999 (year 10000 is `9999-12-31T23:59:59-14:00`), and neither is a date a
 * lead, a task or a report is about.
 */
export const INSTANT_RANGE = { from: '1970-01-01T00:00:00Z', to: '9999-12-31T00:00:00Z' } as const;
const inRange = (ms: number) =>
  ms >= Date.parse(INSTANT_RANGE.from) && ms <= Date.parse(INSTANT_RANGE.to);

/** An ISO 8601 instant with an offset (`Z` or `+01:00`) within INSTANT_RANGE; errors name the field. */
export const instantText = (name: string, message = `${name} must be an ISO 8601 instant`) =>
  z.iso
    .datetime({ offset: true, error: message, abort: true })
    .refine((v) => inRange(Date.parse(v)), {
      message: `${name} must be between 1970-01-01 and 9999-12-31 (UTC)`,
    });

/** A calendar day, YYYY-MM-DD, that exists, from 1970 to 9999; errors name the field. */
export const dayText = (name: string) =>
  z
    .string({ error: `${name} is required (YYYY-MM-DD)` })
    // abort: a value that is not a day stops here, so neither the check below nor a rule of the
    // object holding it (a period's order) sees it, and only its own field is named.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(
      (d) => {
        const at = new Date(`${d}T00:00:00Z`);
        return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
      },
      {
        message: `${name} must be a date that exists`,
        abort: true,
      },
    )
    .refine((d) => inRange(Date.parse(`${d}T00:00:00Z`)), {
      message: `${name} must be between 1970-01-01 and 9999-12-31`,
      abort: true,
    });

export const ZOk = z.object({ success: z.boolean(), message: z.string().optional() });
