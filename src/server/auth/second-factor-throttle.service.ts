import type { EntityManager } from '@mikro-orm/postgresql';
import {
  consumeRateLimit,
  refundRateLimit,
  type RateLimitRule,
  aboutMinutes,
} from '../rate-limit/rate-limit.service';
import { refuseThrottledSignIn } from './refuse-throttled-sign-in';

/**
 * Wrong second-factor codes an account may take in 15 minutes, from all networks and sign-ins
 * together. Counted apart from passwords: a correct password must not reset it, or whoever holds
 * the password gets 10 more guesses at a 6-digit code with every sign-in.
 */
export const SECOND_FACTOR_LIMITS = { perAccount: 10, windowSeconds: 15 * 60 } as const;

const ruleFor = (userId: number): RateLimitRule => ({
  bucket: 'second-factor-account',
  key: String(userId),
  limit: SECOND_FACTOR_LIMITS.perAccount,
  windowSeconds: SECOND_FACTOR_LIMITS.windowSeconds,
});

export interface CodeAttempt {
  userId: number;
  username: string;
  ip: string;
  userAgent: string;
}

/**
 * Checks a code (TOTP or recovery) under the account's limit: the attempt is counted first, so
 * parallel guesses cannot slip through; a right code gives its count back, a wrong one keeps it.
 * Past the limit nothing is checked and the answer is a 429 with Retry-After, from any network.
 * `check` answers whether the code was right.
 */
export async function withSecondFactorThrottle(
  em: EntityManager,
  attempt: CodeAttempt,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const rule = ruleFor(attempt.userId);
  const state = await consumeRateLimit(em, rule);
  if (state.limited) {
    await refuseThrottledSignIn(em, attempt, {
      details: `Second-factor codes throttled: ${state.count} attempts for account "${attempt.username.slice(0, 100)}" in 15 minutes, from any network`,
      message: `Too many wrong codes for this account. Please wait about ${aboutMinutes(state.retryAfterSeconds)} and try again.`,
      retryAfterSeconds: state.retryAfterSeconds,
    });
  }
  // Only a wrong code counts: a right one, or a check that failed on our side, gives it back.
  let wrong = false;
  try {
    const right = await check();
    wrong = !right;
    return right;
  } finally {
    if (!wrong) await refundRateLimit(em, rule);
  }
}
