import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TApiError } from '../../shared/api-error';

/** Requests whose route times its own body (the streamed import: a pace, not a deadline). */
const ownBodyRule = new WeakSet<IncomingMessage>();

/** Called by a route that enforces its own rule on how fast the body must arrive. */
export function timesItsOwnBody(req: IncomingMessage): void {
  ownBodyRule.add(req);
}

/**
 * Answers 408 and closes the connection when a request's body has not fully arrived `ms` after
 * its head. Node's own requestTimeout does the same for every request alike, with no way to let
 * one route (a 1 GB upload on a slow line) run longer, so the server turns it off and uses this.
 */
export function enforceRequestDeadline(server: Server, ms: number): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.complete) return;
    const timer = setTimeout(() => {
      if (req.complete || ownBodyRule.has(req)) return;
      sendTimeout(res);
    }, ms);
    const stop = () => clearTimeout(timer);
    req.once('end', stop);
    res.once('close', stop);
  });
}

/** 408 with the API's error body, then the connection closes (the rest of the body is not read). */
export function sendTimeout(res: ServerResponse, message = 'The request took too long to arrive') {
  if (!res.headersSent) {
    const body: TApiError = {
      message,
      code: 'TIMEOUT',
      errorCode: 'REQUEST_TIMEOUT',
      data: { errorCode: 'REQUEST_TIMEOUT', code: 'TIMEOUT' },
    };
    res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    res.end(JSON.stringify(body));
  }
  res.once('finish', () => res.req.socket.destroy());
  if (res.writableFinished) res.req.socket.destroy();
}
