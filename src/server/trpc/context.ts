import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, SessionManager } from '../auth/session';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/outbox.service';
import type { WebhookNotifier } from '../webhooks/webhook-settings';
import type { Orm } from '../db/orm';
import type { JobQueue } from '../jobs/job-queue';
import type { EventBus } from '../events/event-bus';
import { clientIp } from '../rate-limit/client-ip';

/** What the app gives every request; built once at start-up. */
export interface AppDeps {
  orm: Orm;
  sessions: SessionManager;
  log: Logger;
  /** Lead emails: the job queue and SMTP when configured (see notifications/); webhooks (webhooks/). */
  notifier: Notifier & WebhookNotifier;
  /** The job queue, for work such as CSV imports (absent in tests that do not start it). */
  jobs?: JobQueue;
  /** Where services publish what they changed; the features' subscribers react (features.ts). */
  events: EventBus;
  /** Booking links' lifetime (BOOKING_TOKEN_TTL_HOURS; 168 when absent). */
  booking?: { tokenTtlHours: number };
}

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
