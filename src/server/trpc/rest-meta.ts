import type { OpenApiMethod } from 'trpc-to-openapi';
import type { AppMeta } from './trpc';

interface RestOptions {
  /** A signed-in write: the audit entry's action (see AppMeta). */
  audit?: AppMeta['audit'];
  description?: string;
  /** false: served without the session (public procedures). */
  protect?: boolean;
}

/**
 * A procedure's REST route in one line, `.meta(rest('POST', '/campaigns', 'Create a campaign'))`,
 * with the tags of its router (`const rest = restRoutes(['campaigns'])`).
 */
export function restRoutes(tags: string[]) {
  return (
    method: OpenApiMethod,
    path: `/${string}`,
    summary: string,
    { audit, ...openapi }: RestOptions = {},
  ): AppMeta => ({
    ...(audit ? { audit } : {}),
    openapi: { method, path, tags, summary, ...openapi },
  });
}
