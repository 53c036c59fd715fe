import { timingSafeEqual } from 'node:crypto';
import { finished } from 'node:stream';
import type { RequestHandler } from 'express';
import type { AnyTRPCRouter } from '@trpc/server';
import { sendApiError } from '../http/send-api-error';
import { httpRequestDuration, httpRequestsInFlight, metricsRegistry } from './metrics';
import { routeLabeller } from './route-label';

/** Times every request into http_request_duration_seconds and counts those in flight. */
export function httpMetrics(router: AnyTRPCRouter): RequestHandler {
  const routeOf = routeLabeller(router);
  return (req, res, next) => {
    const end = httpRequestDuration.startTimer();
    httpRequestsInFlight.inc();
    // Once, when the answer is sent or the connection went away first. (A plain 'close'
    // listener on the response made a streamed 100,000-row answer hold ~100 MB more memory.)
    finished(res, () => {
      httpRequestsInFlight.dec();
      end({
        method: req.method,
        route: routeOf(req),
        status_class: `${Math.floor(res.statusCode / 100)}xx`,
      });
    });
    next();
  };
}

/**
 * GET /metrics in Prometheus' text format: absent (404) unless METRICS_TOKEN is set, and then
 * only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise, compared in constant time).
 */
export function metricsRoute(token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req, res, next) => {
    if (!expected) return next();
    const given = Buffer.from(req.get('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.set('WWW-Authenticate', 'Bearer');
      sendApiError(res, 401, 'UNAUTHORIZED', 'Send Authorization: Bearer <METRICS_TOKEN>');
      return;
    }
    res
      .set('Content-Type', metricsRegistry.contentType)
      .set('Cache-Control', 'no-store')
      .send(await metricsRegistry.metrics());
  };
}
