import type { Request, RequestHandler, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../trpc/context';

/**
 * A plain Express route for an admin procedure whose answer is a stream (CSV, a whole-table JSON
 * list) that trpc-to-openapi cannot send. Access is decided by the same session manager and
 * gives the same 401/403 bodies as adminProcedure.
 */
export function adminRoute(
  deps: AppDeps,
  handle: (em: EntityManager, req: Request, res: Response) => Promise<void>,
): RequestHandler {
  return async (req, res) => {
    const em = deps.orm.em.fork() as EntityManager;
    const actor = await deps.sessions.resolve(em, req, res);
    if (!actor)
      return void res.status(401).json({ message: 'Please sign in', code: 'UNAUTHORIZED' });
    if (actor.role !== 'admin') {
      return void res
        .status(403)
        .json({ message: 'Only administrators can do this', code: 'FORBIDDEN' });
    }
    await handle(em, req, res);
  };
}

/** After the headers of a stream went out an error can only cut the connection; before, a 503. */
export function streamFailed(deps: AppDeps, res: Response, what: string, error: unknown): void {
  deps.log.error(`${what} failed`, { error: String(error) });
  if (res.headersSent) return void res.destroy();
  res.removeHeader('Content-Disposition');
  res.status(503).json({ message: `${what} failed, please retry`, code: 'SERVICE_UNAVAILABLE' });
}
