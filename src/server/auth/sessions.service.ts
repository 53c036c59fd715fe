import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSessionInfo } from '../../shared/account-security.schema';
import { notFound } from '../errors';
import { endUserSessions, type Actor } from './session';
import { Session } from './session.entity';

/** The signed-in user's live sessions, most recently used first; `current` marks this one. */
export async function listMySessions(em: EntityManager, actor: Actor): Promise<TSessionInfo[]> {
  const now = new Date();
  const rows = await em.find(
    Session,
    { user: actor.userId, expiresAt: { $gt: now }, idleExpiresAt: { $gt: now } },
    { orderBy: { lastSeenAt: 'desc', createdAt: 'desc' } },
  );
  return rows.map((s) => ({
    id: s.publicId,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    ip: s.ip ?? null,
    userAgent: s.userAgent ?? null,
    current: s.id === actor.sessionId,
  }));
}

/** Signs one of the user's own sessions out (another user's id is simply not found). */
export async function revokeMySession(em: EntityManager, actor: Actor, publicId: string) {
  const deleted = await em.nativeDelete(Session, { user: actor.userId, publicId });
  if (deleted === 0) throw notFound('Session', publicId);
}

/** Signs out everywhere else; answers how many sessions ended. */
export async function revokeOtherSessions(em: EntityManager, actor: Actor): Promise<number> {
  const others = await em.count(Session, { user: actor.userId, id: { $ne: actor.sessionId } });
  await endUserSessions(em, actor.userId, actor.sessionId);
  return others;
}
