import type { AnyRouter } from '@trpc/server';
import type { OpenApiMethod } from 'trpc-to-openapi';
import type { TAuditAction, TAuditEntityType } from '../../shared/audit.schema';
import type { AppMeta } from './trpc';

interface RestOptions {
  /**
   * A signed-in write: the audit entry's action (see AppMeta), on the router's entity (see
   * restRoutes) unless the entity is given too.
   */
  audit?: TAuditAction | AppMeta['audit'];
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
 * with the tags of its router (`const rest = restRoutes(['campaigns'], 'campaign')`) and the
 * entity its audited writes are about, so that `{ audit: 'create' }` says the rest.
 */
export function restRoutes(tags: string[], auditedEntity?: TAuditEntityType) {
  const auditOf = (path: string, audit: RestOptions['audit']): AppMeta['audit'] => {
    if (typeof audit !== 'string') return audit;
    if (!auditedEntity) throw new Error(`${path}: audit '${audit}' of no entity (see restRoutes)`);
    return { action: audit, entity: auditedEntity };
  };
  return (
    method: OpenApiMethod,
    path: `/${string}`,
    summary: string,
    { audit, created, textCheckedPerValue, ...openapi }: RestOptions = {},
  ): AppMeta => ({
    ...(audit ? { audit: auditOf(path, audit) } : {}),
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
