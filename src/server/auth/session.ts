import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { getIronSession, type SessionOptions } from 'iron-session';
import type { TRole } from '../../shared/users.schema';
import { Session } from './session.entity';

export const SESSION_COOKIE = 'convoza_session';

export interface Actor {
  userId: number;
  username: string;
  role: TRole;
  firstName: string | null;
  lastName: string | null;
  sessionId: string;
  /** Whether the user signs in with a TOTP code too. */
  twoFactorEnabled: boolean;
}

/** Where a session was started from, shown in the owner's list of sessions. */
export interface SessionOrigin {
  ip: string;
  userAgent: string | null;
}

export interface SessionSettings {
  secret: string;
  idleMinutes: number;
  absoluteHours: number;
  secureCookie: boolean;
}

interface CookieData {
  sid?: string;
  /** A password accepted, waiting for the second factor (user and deadline, ms). */
  pending2fa?: { userId: number; exp: number };
}

/** How long the second step of a two-factor sign-in may take. */
const PENDING_TWO_FACTOR_MS = 5 * 60_000;

/** Idle deadline moves at most once a minute, so a busy admin does not cost a write per request. */
const IDLE_BUMP_MS = 60_000;

/**
 * Server-side sessions: the cookie (sealed by iron-session) carries only a random id;
 * the sessions table decides whether it is still valid, so logout and revocation are real.
 */
export class SessionManager {
  constructor(private readonly settings: SessionSettings) {}

  private options(): SessionOptions {
    return {
      password: this.settings.secret,
      cookieName: SESSION_COOKIE,
      ttl: this.settings.absoluteHours * 3600 + 60,
      cookieOptions: {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.settings.secureCookie,
        path: '/',
      },
    };
  }

  private cookie(req: IncomingMessage, res: ServerResponse) {
    return getIronSession<CookieData>(req, res, this.options());
  }

  /** The signed-in actor for this request, or null. */
  async resolve(
    em: EntityManager,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<Actor | null> {
    const cookie = await this.cookie(req, res);
    if (!cookie.sid) return null;
    const row = await em.findOne(Session, { id: cookie.sid }, { populate: ['user'] });
    const now = Date.now();
    if (
      !row ||
      row.expiresAt.getTime() <= now ||
      row.idleExpiresAt.getTime() <= now ||
      !row.user.isActive
    ) {
      if (row) await em.nativeDelete(Session, { id: row.id });
      return null;
    }
    const idleDeadline = now + this.settings.idleMinutes * 60_000;
    if (idleDeadline - row.idleExpiresAt.getTime() > IDLE_BUMP_MS) {
      await em.nativeUpdate(
        Session,
        { id: row.id },
        {
          idleExpiresAt: new Date(Math.min(idleDeadline, row.expiresAt.getTime())),
          lastSeenAt: new Date(now),
        },
      );
    }
    const user = row.user;
    return {
      userId: user.id,
      username: user.username,
      role: user.role,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      sessionId: row.id,
      twoFactorEnabled: Boolean(user.twoFactorEnabledAt),
    };
  }

  /** Starts a fresh session (new id, so a planted id is never promoted) and drops any previous one. */
  async start(
    em: EntityManager,
    req: IncomingMessage,
    res: ServerResponse,
    userId: number,
    origin: SessionOrigin = { ip: '', userAgent: null },
  ): Promise<string> {
    const cookie = await this.cookie(req, res);
    if (cookie.sid) await em.nativeDelete(Session, { id: cookie.sid });
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    await em.insert(Session, {
      id,
      publicId: randomBytes(12).toString('base64url'),
      user: userId,
      expiresAt: new Date(now + this.settings.absoluteHours * 3_600_000),
      idleExpiresAt: new Date(now + this.settings.idleMinutes * 60_000),
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      ip: origin.ip.slice(0, 64) || null,
      userAgent: origin.userAgent?.slice(0, 500) || null,
    });
    cookie.sid = id;
    delete cookie.pending2fa;
    await cookie.save();
    return id;
  }

  /** Remembers, in the cookie only, that `userId` gave the right password and owes a code. */
  async awaitSecondFactor(req: IncomingMessage, res: ServerResponse, userId: number) {
    const cookie = await this.cookie(req, res);
    cookie.pending2fa = { userId, exp: Date.now() + PENDING_TWO_FACTOR_MS };
    await cookie.save();
  }

  /** The user whose second factor this browser owes, while the five minutes last. */
  async pendingSecondFactor(req: IncomingMessage, res: ServerResponse): Promise<number | null> {
    const pending = (await this.cookie(req, res)).pending2fa;
    return pending && pending.exp > Date.now() ? pending.userId : null;
  }

  /** Ends this request's session: the row goes, so a copy of the cookie is worthless afterwards. */
  async end(em: EntityManager, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cookie = await this.cookie(req, res);
    if (cookie.sid) await em.nativeDelete(Session, { id: cookie.sid });
    cookie.destroy();
  }
}

/** Ends every session of a user, optionally keeping one (the actor's own). */
export async function endUserSessions(
  em: EntityManager,
  userId: number,
  keepSessionId?: string,
): Promise<void> {
  await em.nativeDelete(
    Session,
    keepSessionId ? { user: userId, id: { $ne: keepSessionId } } : { user: userId },
  );
}

export async function pruneExpiredSessions(em: EntityManager): Promise<number> {
  const now = new Date();
  return em.nativeDelete(Session, {
    $or: [{ expiresAt: { $lte: now } }, { idleExpiresAt: { $lte: now } }],
  });
}
