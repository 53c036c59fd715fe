import type { ServerResponse } from 'node:http';
import { RetryLaterError } from '../errors';
import type { Context } from '../trpc/context';
import { publicProcedure } from '../trpc/trpc';

/** Middleware: a 429 / 503 answer carries Retry-After (on REST and /trpc alike). */
export async function throttled<R extends { ok: boolean; error?: { cause?: unknown } }>({
  ctx,
  next,
}: {
  ctx: Pick<Context, 'res'>;
  next: () => Promise<R>;
}): Promise<R> {
  const result = await next();
  if (!result.ok && result.error?.cause instanceof RetryLaterError) {
    const res = ctx.res as Partial<ServerResponse>;
    // createCaller tests have no real response to decorate.
    if (typeof res.setHeader === 'function' && !res.headersSent) {
      res.setHeader('Retry-After', String(result.error.cause.retryAfterSeconds));
    }
  }
  return result;
}

/** A public procedure whose 429 / 503 answers carry Retry-After. */
export const throttledProcedure = publicProcedure.use(throttled);
