import type { Request, RequestHandler, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TWO_FACTOR_MESSAGES } from '../../shared/account-security.schema';
import { ACCESS_MESSAGES } from '../../shared/api-error';
import type { AppDeps } from '../app-deps';
import type { Actor } from '../trpc/context';
import { sendApiError } from './send-api-error';

/**
 * A plain Express route for an admin procedure whose answer is a stream (CSV, a whole-table JSON
 * list) that trpc-to-openapi cannot send. Access is decided by the same session manager and
 * gives the same 401/403 bodies as adminProcedure (two-factor rule included).
 */
export function adminRoute(
  deps: AppDeps,
  handle: (em: EntityManager, req: Request, res: Response, actor: Actor) => Promise<void>,
): RequestHandler {
  return async (req, res) => {
    const em = deps.orm.em.fork() as EntityManager;
    const actor = await deps.sessions.resolve(em, req, res);
    if (!actor) return sendApiError(res, 401, 'UNAUTHORIZED', ACCESS_MESSAGES.signInRequired);
    if (actor.role !== 'admin')
      return sendApiError(res, 403, 'FORBIDDEN', ACCESS_MESSAGES.adminRequired);
    if (actor.twoFactorSetupRequired)
      return sendApiError(res, 403, 'FORBIDDEN', TWO_FACTOR_MESSAGES.required);
    // The response already carries 'close' listeners of the request log, the metrics, the
    // deadline and Express, and a pipeline into it adds its own: eleven on one response is no
    // leak, only past Node's warning threshold of 10.
    res.setMaxListeners(Math.max(res.getMaxListeners(), 20));
    await handle(em, req, res, actor);
  };
}

/** After the headers of a stream went out an error can only cut the connection; before, a 503. */
export function streamFailed(deps: AppDeps, res: Response, what: string, error: unknown): void {
  deps.log.error(`${what} failed`, { error: String(error) });
  if (res.headersSent) return void res.destroy();
  res.removeHeader('Content-Disposition');
  sendApiError(res, 503, 'SERVICE_UNAVAILABLE', `${what} failed, please retry`);
}
