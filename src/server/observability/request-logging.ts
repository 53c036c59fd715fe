import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';
import { pathOf, requestIdFrom, runInContext } from './request-context';

/**
 * Gives every request its id (the caller's X-Request-Id when sane, else a new one), echoes it in
 * the X-Request-Id answer header, runs the rest of the request in its context (so every log line
 * it causes carries `requestId`), and logs one line when it ends (pino-http): method, path,
 * status and time. Liveness probes are not logged.
 */
export function requestLogging(log: Logger): RequestHandler {
  const http = pinoHttp<IncomingMessage, ServerResponse>({
    logger: log.pino,
    genReqId: (req, res) => {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The id is a field of the line itself, beside the context's (pino merges the two into one).
    customSuccessObject: (req, _res, line: object) => ({ ...line, requestId: req.id }),
    customErrorObject: (req, _res, _error, line: object) => ({ ...line, requestId: req.id }),
    autoLogging: { ignore: (req) => pathOf(req.url) === '/api/health' },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        path: pathOf(req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  return (req, res, next) =>
    http(req, res, () => runInContext({ requestId: String(req.id) }, next));
}
