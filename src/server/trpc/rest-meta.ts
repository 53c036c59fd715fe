import type { AnyRouter } from '@trpc/server';
import type { OpenApiMethod } from 'trpc-to-openapi';
import type { TAuditAction, TAuditEntityType } from '../../shared/audit.schema';
import type { AppMeta, SuccessStatus } from './trpc';

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
  /** The operation answers nothing (a delete): REST answers 204 with no body. */
  noContent?: boolean;
  /** The request is taken and acted on later (an email sent or not): REST answers 202. */
  accepted?: boolean;
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
    { audit, created, noContent, accepted, textCheckedPerValue, ...openapi }: RestOptions = {},
  ): AppMeta => ({
    ...(audit ? { audit: auditOf(path, audit) } : {}),
    ...(created
      ? { successStatus: 201 }
      : noContent
        ? { successStatus: 204 }
        : accepted
          ? { successStatus: 202 }
          : {}),
    ...(textCheckedPerValue ? { textCheckedPerValue } : {}),
    openapi: { method, path, tags, summary, ...openapi },
  });
}

/** The tRPC paths of the procedures whose REST success is not 200, with that status. */
export function successStatuses(router: AnyRouter): Map<string, SuccessStatus> {
  return new Map(
    Object.entries(router._def.procedures as Record<string, { _def: { meta?: AppMeta } }>).flatMap(
      ([path, procedure]) => {
        const status = procedure._def.meta?.successStatus;
        return status ? [[path, status] as const] : [];
      },
    ),
  );
}

/** trpc-to-openapi's responseMeta: 201 or 204 for a procedure that says so and succeeded. */
export function successStatus(router: AnyRouter) {
  const statuses = successStatuses(router);
  return ({ paths, errors }: { paths?: readonly string[]; errors: readonly unknown[] }) => {
    const status = errors.length === 0 && paths?.length === 1 ? statuses.get(paths[0]!) : undefined;
    return status ? { status } : {};
  };
}
