// What a request is called in metrics and logs: its route template (`/api/contacts/{id}`,
// `/api/bookings/manage/{manageToken}`), never its raw path. Paths carry ids (a new metrics series
// each) and secrets: a booking link, a manage link or a calendar address in a log line is a key
// to someone's call for whoever reads the logs.
import type { Request } from 'express';
import type { AnyTRPCRouter } from '@trpc/server';
import type { AppMeta } from '../trpc/trpc';
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
export function routeLabeller(router: AnyTRPCRouter): (req: Request) => string {
  let labeller = labellers.get(router);
  if (!labeller) {
    const label = labelOf(router);
    // Metrics and the log line both name a request when it ends: worked out once.
    const named = new WeakMap<Request, string>();
    labeller = (req) => {
      let known = named.get(req);
      if (known === undefined) named.set(req, (known = label(req)));
      return known;
    };
    labellers.set(router, labeller);
  }
  return labeller;
}
const labellers = new WeakMap<AnyTRPCRouter, (req: Request) => string>();

function labelOf(router: AnyTRPCRouter) {
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

/**
 * The public pages whose path is a secret link; every other page path is logged as it is (a
 * page path names a page, and unknown ones are a 404).
 */
const SECRET_PAGES: [RegExp, string][] = [
  [/^\/book\/[^/]+\/?$/, '/book/{token}'],
  [/^\/booking\/[^/]+\/?$/, '/booking/{manageToken}'],
];

/** A page's path as logs may show it: secret links as their pattern. */
export function pageLabel(path: string): string {
  return SECRET_PAGES.find(([pattern]) => pattern.test(path))?.[1] ?? path;
}
