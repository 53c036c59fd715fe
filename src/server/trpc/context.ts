import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { clientIp } from '../http/client-ip';

/** The signed-in user of a request, as the root's session manager resolves it. */
export type Actor = NonNullable<Awaited<ReturnType<AppDeps['sessions']['resolve']>>>;

export interface Context {
  em: EntityManager;
  req: Request;
  res: Response;
  deps: AppDeps;
  /** The signed-in actor, loaded on first use and remembered for the request. */
  actor: () => Promise<Actor | null>;
  /** Client IP as Express sees it (honours TRUST_PROXY), without a port. */
  ip: string;
}

export function contextFactory(deps: AppDeps) {
  return ({ req, res }: { req: Request; res: Response }): Context => {
    const em = deps.orm.em.fork() as EntityManager;
    let actor: Promise<Actor | null> | undefined;
    return {
      em,
      req,
      res,
      deps,
      ip: clientIp(req.ip ?? req.socket.remoteAddress),
      actor: () => (actor ??= deps.sessions.resolve(em, req, res)),
    };
  };
}
