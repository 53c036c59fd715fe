import type { AnyRouter } from '@trpc/server';
import type { OpenApiMethod } from 'trpc-to-openapi';
import type { AppMeta } from './trpc';

interface RestOptions {
  /** A signed-in write: the audit entry's action (see AppMeta). */
  audit?: AppMeta['audit'];
  description?: string;
  /** false: served without the session (public procedures). */
  protect?: boolean;
  /** The operation creates a resource: REST answers 201 instead of 200. */
  created?: boolean;
  /** See AppMeta.textCheckedPerValue. */
  textCheckedPerValue?: AppMeta['textCheckedPerValue'];
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
    { audit, created, textCheckedPerValue, ...openapi }: RestOptions = {},
  ): AppMeta => ({
    ...(audit ? { audit } : {}),
    ...(created ? { created } : {}),
    ...(textCheckedPerValue ? { textCheckedPerValue } : {}),
    openapi: { method, path, tags, summary, ...openapi },
  });
}

/** The tRPC paths of the procedures whose meta says they create (their REST answer is 201). */
export function creatingProcedures(router: AnyRouter): Set<string> {
  return new Set(
    Object.entries(router._def.procedures as Record<string, { _def: { meta?: AppMeta } }>)
      .filter(([, procedure]) => procedure._def.meta?.created)
      .map(([path]) => path),
  );
}

/** trpc-to-openapi's responseMeta: 201 for a creating procedure that succeeded. */
export function createdStatus(router: AnyRouter) {
  const creating = creatingProcedures(router);
  return ({ paths, errors }: { paths?: readonly string[]; errors: readonly unknown[] }) =>
    errors.length === 0 && paths?.length === 1 && creating.has(paths[0]!) ? { status: 201 } : {};
}
