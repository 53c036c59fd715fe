import type { ServerResponse } from 'node:http';
import { RetryLaterError } from '../errors';
import { publicProcedure } from '../trpc/trpc';

/** A public procedure whose 429 / 503 answers carry Retry-After (on REST and /trpc alike). */
export const throttledProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof RetryLaterError) {
    const res = ctx.res as Partial<ServerResponse>;
    // createCaller tests have no real response to decorate.
    if (typeof res.setHeader === 'function' && !res.headersSent) {
      res.setHeader('Retry-After', String(result.error.cause.retryAfterSeconds));
    }
  }
  return result;
});
