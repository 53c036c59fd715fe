import type { RequestHandler, Response } from 'express';

/**
 * tRPC's node adapter aborts each request's AbortSignal when the response closes, also after a
 * complete answer, and every abort builds an AbortError (a DOMException with a stack): about a
 * twentieth of the CPU of an admin list request. Handlers after this one that listen for
 * `close` once are only called when the connection closed before the answer was finished,
 * the one case an abort is for.
 */
export function abortOnlyUnfinished(): RequestHandler {
  return (_req, res, next) => {
    const once = res.once.bind(res);
    res.once = ((event: string | symbol, listener: (...args: unknown[]) => void) =>
      event === 'close'
        ? once('close', (...args: unknown[]) => {
            if (!res.writableFinished) listener(...args);
          })
        : once(event, listener)) as Response['once'];
    next();
  };
}
