import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { AnyTRPCRouter } from '@trpc/server';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';
import { pathOf, requestIdFrom, runInContext } from './request-context';
import { pageLabel, routeLabeller } from './route-label';

/**
 * Gives every request its id (the caller's X-Request-Id when sane, else a new one), echoes it in
 * the X-Request-Id answer header, runs the rest of the request in its context (so every log line
 * it causes carries `requestId`), and logs one line when it ends (pino-http): method, route,
 * status and time. The route is the template, never the path (route-label.ts): paths carry
 * booking and manage links and calendar addresses. Liveness probes are not logged.
 */
export function requestLogging(log: Logger, router: AnyTRPCRouter): RequestHandler {
  const routeOf = routeLabeller(router);
  const routeName = (req: Request) => {
    const route = routeOf(req);
    return route === '{page}' ? pageLabel(pathOf(req.originalUrl)) : route;
  };
  const http = pinoHttp<IncomingMessage, ServerResponse>({
    logger: log.pino,
    genReqId: (req, res) => {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The id is a field of the line itself, beside the context's (pino merges the two into one).
    // The route is named when the answer is done: only then has Express matched it.
    customSuccessObject: (req, _res, line: object) => ({
      ...line,
      requestId: req.id,
      route: routeName(req as Request),
    }),
    customErrorObject: (req, _res, _error, line: object) => ({
      ...line,
      requestId: req.id,
      route: routeName(req as Request),
    }),
    autoLogging: { ignore: (req) => pathOf(req.url) === '/api/health' },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { method: string }) => ({ method: req.method }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  return (req, res, next) =>
    http(req, res, () => runInContext({ requestId: String(req.id) }, next));
}
