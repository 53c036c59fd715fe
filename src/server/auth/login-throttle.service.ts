import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors';
import { findUserByUsername } from '../users/users.service';
import { clientKey } from '../http/client-ip';
import {
  clearRateLimit,
  consumeRateLimits,
  refundRateLimit,
  type RateLimitRule,
  aboutMinutes,
} from '../rate-limit/rate-limit.service';
import { refuseThrottledSignIn } from './refuse-throttled-sign-in';

/**
 * Sign-in limits per 15 minutes. Refusals are per client network, so a stranger guessing at an
 * account blocks only their own network while the owner still signs in from theirs; the
 * account-wide limit (guesses from everywhere, e.g. a botnet) only slows every attempt down.
 */
export const LOGIN_LIMITS = {
  /** Attempts at one account from one client network: refused beyond this. */
  perAccountAndNetwork: 10,
  /** Attempts from one client network at any accounts: refused beyond this. */
  perNetwork: 50,
  /** Attempts at one account from anywhere: beyond this each attempt waits, none is refused. */
  perAccountBeforeSlowdown: 100,
  windowSeconds: 15 * 60,
} as const;

/** How long an attempt waits per attempt over the account-wide limit, and at most. */
export const SLOWDOWN = { perAttemptMs: 100, maxMs: 3000 } as const;

export interface LoginAttempt {
  username: string;
  ip: string;
  userAgent: string;
}

/** The account a name means: sign-in ignores case, so `Admin` and `admin` share one counter. */
const accountOf = (username: string) => username.trim().toLowerCase().slice(0, 150);

function rules(a: LoginAttempt) {
  const window = LOGIN_LIMITS.windowSeconds;
  const network = clientKey(a.ip);
  const account = accountOf(a.username);
  // Keyed on the name as typed (existing or not), so the throttle itself reveals nothing.
  const accountAndNetwork: RateLimitRule = {
    bucket: 'login-account-net',
    key: `${network}|${account}`,
    limit: LOGIN_LIMITS.perAccountAndNetwork,
    windowSeconds: window,
  };
  const networkRule: RateLimitRule = {
    bucket: 'login-ip',
    key: network,
    limit: LOGIN_LIMITS.perNetwork,
    windowSeconds: window,
  };
  const accountWide: RateLimitRule = {
    bucket: 'login-account',
    key: account,
    limit: LOGIN_LIMITS.perAccountBeforeSlowdown,
    windowSeconds: window,
  };
  return { accountAndNetwork, network: networkRule, accountWide };
}

/**
 * A wrong password or code where the caller answers 400 naming the field (a step-up check)
 * rather than 401: still a guess, counted like a failed sign-in.
 */
export class WrongSecretError extends AppError {
  constructor(message: string, field: string) {
    super('BAD_REQUEST', message, field);
    this.name = 'WrongSecretError';
  }
}

/** The wait for an attempt at an account that is being guessed at from everywhere. */
export function slowdownMs(accountWideCount: number): number {
  const over = accountWideCount - LOGIN_LIMITS.perAccountBeforeSlowdown;
  return over > 0 ? Math.min(SLOWDOWN.maxMs, over * SLOWDOWN.perAttemptMs) : 0;
}

/**
 * Runs a sign-in attempt under the throttle. Every attempt is counted first (atomically, so
 * parallel guesses cannot slip through). Refused attempts are not checked at all and get the
 * same 429 whether or not the account exists. A success clears only this network's failures for
 * this account; attempts that failed on our side (database, a full hash queue) are given back.
 */
export async function withLoginThrottle<T>(
  em: EntityManager,
  attempt: LoginAttempt,
  authenticate: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<T> {
  const r = rules(attempt);
  const [pair, network, account] = await consumeRateLimits(em, [
    r.accountAndNetwork,
    r.network,
    r.accountWide,
  ]);
  if (pair.limited || network.limited) {
    // The account if the name is one; what was typed may be a password, so never that.
    const known = pair.limited ? await findUserByUsername(em, attempt.username) : null;
    const wait = Math.max(
      pair.limited ? pair.retryAfterSeconds : 0,
      network.limited ? network.retryAfterSeconds : 0,
    );
    await refuseThrottledSignIn(em, attempt, {
      details: pair.limited
        ? `Sign-in throttled: ${pair.count} attempts for ${known ? `account "${known.username}"` : 'an unknown user'} from this network in 15 minutes`
        : `Sign-in throttled: ${network.count} attempts from this network in 15 minutes`,
      message: `Too many sign-in attempts. Please wait about ${aboutMinutes(wait)} and try again.`,
      retryAfterSeconds: wait,
    });
  }
  const delay = slowdownMs(account.count);
  if (delay) await sleep(delay);
  try {
    const result = await authenticate();
    await Promise.all([
      clearRateLimit(em, r.accountAndNetwork.bucket, r.accountAndNetwork.key),
      refundRateLimit(em, r.network),
      refundRateLimit(em, r.accountWide),
    ]);
    return result;
  } catch (error) {
    // Only wrong credentials are guesses; anything else gives the attempt back.
    const guess =
      error instanceof WrongSecretError ||
      (error instanceof AppError && error.code === 'UNAUTHORIZED');
    if (!guess) {
      await Promise.all(
        [r.accountAndNetwork, r.network, r.accountWide].map((rule) => refundRateLimit(em, rule)),
      ).catch(() => undefined);
    }
    throw error;
  }
}
