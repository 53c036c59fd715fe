import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import { getIronSession, unsealData, type SessionOptions } from 'iron-session';
import type { TRole } from '../../shared/users.schema';
import { readSessionActor } from './session-actor.sql';
import { Session } from './session.entity';
import { SignInChallenge } from './sign-in-challenge.entity';

export const SESSION_COOKIE = 'convoza_session';

export interface Actor {
  userId: number;
  username: string;
  role: TRole;
  firstName: string | null;
  lastName: string | null;
  /** Where the back office shows their times; null until detected. */
  timeZone: string | null;
  sessionId: string;
  /** Whether the user signs in with a TOTP code too. */
  twoFactorEnabled: boolean;
  /** An admin without two-factor sign-in while the Security setting requires it: kept out of admin work. */
  twoFactorSetupRequired: boolean;
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
  /** A password accepted, waiting for the second factor: the SignInChallenge's id. */
  pending2fa?: string;
}

/** How long the second step of a two-factor sign-in may take. */
const PENDING_TWO_FACTOR_MS = 5 * 60_000;

/** Idle deadline moves at most once a minute, so a busy admin does not cost a write per request. */
const IDLE_BUMP_MS = 60_000;

/** Sealed cookie texts whose content is remembered (see SessionManager.readCookie). */
const UNSEALED_CACHE_SIZE = 5_000;

/** The value of cookie `name` in a Cookie header, as sent (iron seals are URL-safe). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

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

  /**
   * The cookie's content. Unsealing (key derivation, HMAC, AES) cost more CPU than the rest of an
   * admin list request, so the content of each sealed text is remembered: the text is
   * tamper-proof, so the same text always unseals to the same content, and whether the session
   * it names is still valid is decided by the sessions table on every request anyway.
   */
  private readonly unsealed = new Map<string, CookieData>();

  private async readCookie(req: IncomingMessage): Promise<CookieData> {
    const sealed = cookieValue(req.headers.cookie, SESSION_COOKIE);
    if (!sealed) return {};
    const known = this.unsealed.get(sealed);
    if (known) return known;
    let text: string;
    try {
      text = decodeURIComponent(sealed);
    } catch {
      return {}; // not a cookie this server wrote
    }
    const data = await unsealData<CookieData>(text, this.options());
    if (data.sid) {
      if (this.unsealed.size >= UNSEALED_CACHE_SIZE)
        this.unsealed.delete(this.unsealed.keys().next().value!);
      this.unsealed.set(sealed, data);
    }
    return data;
  }

  /** The signed-in actor for this request, or null. */
  async resolve(
    em: EntityManager,
    req: IncomingMessage,
    _res: ServerResponse,
  ): Promise<Actor | null> {
    const { sid } = await this.readCookie(req);
    if (!sid) return null;
    const row = await readSessionActor(em, sid);
    const now = Date.now();
    if (!row || row.expires_ms <= now || row.idle_expires_ms <= now || !row.is_active) {
      if (row) await em.nativeDelete(Session, { id: row.id });
      return null;
    }
    const idleDeadline = now + this.settings.idleMinutes * 60_000;
    if (idleDeadline - row.idle_expires_ms > IDLE_BUMP_MS) {
      await em.nativeUpdate(
        Session,
        { id: row.id },
        {
          idleExpiresAt: new Date(Math.min(idleDeadline, row.expires_ms)),
          lastSeenAt: new Date(now),
        },
      );
    }
    return {
      userId: row.user_id,
      username: row.username,
      role: row.role,
      firstName: row.first_name,
      lastName: row.last_name,
      timeZone: row.time_zone,
      sessionId: row.id,
      twoFactorEnabled: row.two_factor_enabled,
      twoFactorSetupRequired:
        row.role === 'admin' && !row.two_factor_enabled && row.admins_need_two_factor,
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

  /** Remembers that `userId` gave the right password and owes a code, for five minutes. */
  async awaitSecondFactor(
    em: EntityManager,
    req: IncomingMessage,
    res: ServerResponse,
    userId: number,
  ) {
    const id = randomBytes(32).toString('base64url');
    await em.insert(SignInChallenge, {
      id,
      user: userId,
      expiresAt: new Date(Date.now() + PENDING_TWO_FACTOR_MS),
    });
    const cookie = await this.cookie(req, res);
    cookie.pending2fa = id;
    await cookie.save();
  }

  /** The user whose second factor this browser owes, while the five minutes last. */
  async pendingSecondFactor(
    em: EntityManager,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<number | null> {
    const id = (await this.cookie(req, res)).pending2fa;
    if (typeof id !== 'string') return null;
    const challenge = await em.findOne(SignInChallenge, { id, expiresAt: { $gt: new Date() } });
    return challenge ? challenge.user.id : null;
  }

  /**
   * Spends this browser's challenge for `userId`; false when it is gone (spent by a copy of the
   * cookie a moment earlier, or expired), so one password step completes one sign-in.
   */
  async spendSecondFactorChallenge(
    em: EntityManager,
    req: IncomingMessage,
    res: ServerResponse,
    userId: number,
  ): Promise<boolean> {
    const id = (await this.cookie(req, res)).pending2fa;
    if (typeof id !== 'string') return false;
    const spent = await em.nativeDelete(SignInChallenge, {
      id,
      user: userId,
      expiresAt: { $gt: new Date() },
    });
    return spent === 1;
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

/** Deletes ended sessions and sign-in challenges that ran out; returns how many sessions. */
export async function pruneExpiredSessions(em: EntityManager): Promise<number> {
  const now = new Date();
  await em.nativeDelete(SignInChallenge, { expiresAt: { $lte: now } });
  return em.nativeDelete(Session, {
    $or: [{ expiresAt: { $lte: now } }, { idleExpiresAt: { $lte: now } }],
  });
}
