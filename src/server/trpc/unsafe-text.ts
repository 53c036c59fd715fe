// Every text in every input is held to the shared storable-text rule (src/shared/text.schema.ts)
// before a procedure sees it: the schemas' text helpers check their fields, but a field written
// as a plain z.string() (a campaign's name, a user's email) would pass NUL or an unpaired
// surrogate to PostgreSQL, whose jsonb audit entry then failed the whole write with a 500.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { storableTextProblem } from '../../shared/text.schema';
import { InputValidationError } from './errors';

/** Inputs are parsed JSON (64 levels at most, checked before parsing): strings, arrays, objects. */
export function firstUnstorable(
  value: unknown,
  path: string[] = [],
): { path: string[]; problem: string } | null {
  if (typeof value === 'string') {
    const problem = storableTextProblem(value);
    return problem ? { path, problem } : null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = storableTextProblem(key);
      if (keyProblem) return { path: [...path, key], problem: keyProblem };
      const found = firstUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A 400 naming the field (as a validation error of the input), or nothing when all text is storable. */
export function refuseUnstorableText(input: unknown, checkedPerValue: string[] = []): void {
  const found = firstUnstorable(
    checkedPerValue.length && input && typeof input === 'object' && !Array.isArray(input)
      ? Object.fromEntries(Object.entries(input).filter(([k]) => !checkedPerValue.includes(k)))
      : input,
  );
  if (!found) return;
  const zodError = new ZodError([
    { code: 'custom', path: found.path, message: found.problem, input: undefined },
  ]);
  const cause = new InputValidationError(zodError);
  throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
}
