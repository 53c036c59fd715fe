import type { Request, RequestHandler } from 'express';
import { sendApiError } from './send-api-error';
import { UNBATCHABLE_PROCEDURES } from '../../shared/trpc-batching';

/** The procedure paths of a /trpc request: `a.b,c.d?batch=1` is a batch of two, `a.b` one call. */
export function trpcProcedures(req: Request): string[] {
  const path = decodeURIComponent(req.path.slice(1));
  return req.query.batch ? path.split(',') : [path];
}

/** Refuses a batch that carries a call which must travel alone (see UNBATCHABLE_PROCEDURES). */
export function trpcBatchPolicy(): RequestHandler {
  return (req, res, next) => {
    const procedures = trpcProcedures(req);
    const alone =
      procedures.length > 1 && procedures.find((p) => UNBATCHABLE_PROCEDURES.includes(p));
    if (!alone) return next();
    const message = `${alone} cannot be batched with other calls: send it alone`;
    sendApiError(res, 400, 'BAD_REQUEST', message);
  };
}
