import type { z } from 'zod';

/** First message per top-level field of a failed zod parse, for errors under the inputs. */
export function fieldErrors<K extends string>(error: z.ZodError): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && out[key as K] === undefined) out[key as K] = issue.message;
  }
  return out;
}
