import { timingSafeEqual } from 'node:crypto';
import { finished } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import type { AnyTRPCRouter } from '@trpc/server';
import type { AppMeta } from '../trpc/trpc';
import { sendApiError } from '../http/send-api-error';
import { httpRequestDuration, httpRequestsInFlight, metricsRegistry } from './metrics';
import { pathOf } from './request-context';

interface RestRoute {
  method: string;
  template: string;
  pattern: RegExp;
}

/** Every procedure's REST route, as its template (`/api/contacts/{id}`) and a matcher. */
function restRoutesOf(router: AnyTRPCRouter): RestRoute[] {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: AppMeta } }>;
  return Object.values(procedures).flatMap(({ _def }) => {
    const openapi = _def.meta?.openapi;
    if (!openapi) return [];
    const template = `/api${openapi.path}`;
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    );
    return [{ method: openapi.method, template, pattern }];
  });
}

/**
 * The label a request is counted under: the route template, never the raw path (ids and junk
 * paths would make a new series each). Plain Express routes give their own path; tRPC calls
 * their procedure (a batch counts as `batch`); everything else is one of three buckets.
 */
function routeLabeller(router: AnyTRPCRouter) {
  let rest: RestRoute[] | undefined;
  const procedures = new Set(Object.keys(router._def.procedures));
  return (req: Request): string => {
    const path = pathOf(req.originalUrl);
    if (path.startsWith('/trpc/')) {
      const names = path.slice('/trpc/'.length).split(',');
      if (names.length > 1) return '/trpc/batch';
      return procedures.has(names[0]!) ? `/trpc/${names[0]}` : '/trpc/{unknown}';
    }
    if (!path.startsWith('/api/') && path !== '/metrics') return '{page}';
    const expressRoute = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof expressRoute === 'string') return `${req.baseUrl}${expressRoute}`;
    if (path === '/metrics') return path;
    rest ??= restRoutesOf(router);
    const method = req.method.toUpperCase();
    return (
      rest.find((r) => r.method === method && r.pattern.test(path))?.template ?? '/api/{unknown}'
    );
  };
}

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
