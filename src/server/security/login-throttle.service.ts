import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors';
import { clientKey } from './client-ip';
import { recordSecurityEvent } from './events.service';
import { clearRateLimit, consumeRateLimit, type RateLimitRule } from './rate-limit.service';
import { aboutMinutes, RateLimitedError } from './rate-limited.error';

/** Sign-in attempts allowed per 15 minutes, per account name and per client address. */
export const LOGIN_LIMITS = { perAccount: 10, perIp: 50, windowSeconds: 15 * 60 } as const;

export interface LoginAttempt {
  username: string;
  ip: string;
  userAgent: string;
}

function rules(a: LoginAttempt): [RateLimitRule, RateLimitRule] {
  return [
    // Keyed on the name as typed (existing or not), so the throttle itself reveals nothing.
    {
      bucket: 'login-account',
      key: a.username.trim().toLowerCase().slice(0, 200),
      limit: LOGIN_LIMITS.perAccount,
      windowSeconds: LOGIN_LIMITS.windowSeconds,
    },
    {
      bucket: 'login-ip',
      key: clientKey(a.ip),
      limit: LOGIN_LIMITS.perIp,
      windowSeconds: LOGIN_LIMITS.windowSeconds,
    },
  ];
}

/**
 * Runs a sign-in attempt under the throttle. Every attempt is counted first (atomically, so
 * parallel guesses cannot slip through); a success clears the account's count and gives the
 * address its attempt back. Throttled attempts are not checked at all, and get the same 429
 * whether or not the account exists.
 */
export async function withLoginThrottle<T>(
  em: EntityManager,
  attempt: LoginAttempt,
  authenticate: () => Promise<T>,
): Promise<T> {
  const [accountRule, ipRule] = rules(attempt);
  const [account, ip] = await Promise.all([
    consumeRateLimit(em, accountRule),
    consumeRateLimit(em, ipRule),
  ]);
  if (account.limited || ip.limited) {
    await recordSecurityEvent(em, {
      type: 'rate_limit',
      scope: 'login',
      severity: 'high',
      ip: attempt.ip,
      userAgent: attempt.userAgent,
      details: account.limited
        ? `Sign-in throttled: ${account.count} attempts for account "${accountRule.key.slice(0, 100)}" in 15 minutes`
        : `Sign-in throttled: ${ip.count} attempts from this address in 15 minutes`,
    });
    const wait = Math.max(
      account.limited ? account.retryAfterSeconds : 0,
      ip.limited ? ip.retryAfterSeconds : 0,
    );
    throw new RateLimitedError(
      `Too many sign-in attempts. Please wait about ${aboutMinutes(wait)} and try again.`,
      wait,
    );
  }
  try {
    const result = await authenticate();
    await Promise.all([
      clearRateLimit(em, accountRule.bucket, accountRule.key),
      refund(em, ipRule),
    ]);
    return result;
  } catch (error) {
    // Only wrong credentials are guesses; a server-side failure (database down) gives the attempt back.
    if (!(error instanceof AppError)) await refund(em, ipRule).catch(() => undefined);
    throw error;
  }
}

/** Takes one hit back from the current window (a success or a server-side failure is not a guess). */
async function refund(em: EntityManager, rule: RateLimitRule): Promise<void> {
  const size = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(Date.now() / size) * size);
  await em.execute(
    'update security_rate_limits set count = greatest(count - 1, 0) where bucket = ? and key = ? and window_start = ?',
    [rule.bucket, rule.key, start],
  );
}
