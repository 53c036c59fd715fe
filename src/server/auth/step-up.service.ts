// Checks that confirm who a signed-in user is before a change to how their account signs in
// (two-factor set-up and turning it off): the password goes through the sign-in throttle, a code
// through the account's second-factor throttle, and every wrong answer is audited and logged as
// a security event, so a stolen session cannot guess its way through unseen.
import type { EntityManager } from '@mikro-orm/postgresql';
import { TWO_FACTOR_MESSAGES } from '../../shared/account-security.schema';
import { recordAudit } from '../audit/audit.service';
import { AppError } from '../errors';
import { recordSecurityEvent } from '../security-center/security-events.service';
import { findUserWithPassword } from '../users/user-lookup.service';
import { withLoginThrottle, WrongSecretError } from './login-throttle.service';
import { verifyPassword } from './password';
import { withSecondFactorThrottle } from './second-factor-throttle.service';
import { spendSecondFactor } from './two-factor.service';

/** What the check is for, as the audit log and the security log name it. */
export type StepUpPurpose =
  'two_factor_setup' | 'two_factor_disable' | 'sign_in' | 'change_password';

export interface Verifier {
  em: EntityManager;
  user: { id: number; username: string };
  ip: string;
  userAgent: string;
}

const PURPOSE_TEXT: Record<StepUpPurpose, string> = {
  two_factor_setup: 'setting up two-factor sign-in',
  two_factor_disable: 'turning two-factor sign-in off',
  sign_in: 'signing in',
  change_password: 'changing the password',
};

/** Files a wrong password or code: an audit entry and a security event. */
export async function recordVerificationFailure(
  v: Verifier,
  purpose: StepUpPurpose,
  factor: 'password' | 'code' | 'recovery_code',
): Promise<void> {
  await recordAudit(v.em, {
    actor: purpose === 'sign_in' ? null : { id: v.user.id, username: v.user.username },
    actorUsername: v.user.username,
    action: purpose === 'sign_in' ? 'login_failed' : 'verification_failed',
    entityType: 'user',
    entityId: v.user.id,
    changes: {
      step: { to: purpose === 'sign_in' ? 'second_factor' : purpose },
      factor: { to: factor },
    },
    ip: v.ip,
    userAgent: v.userAgent || null,
  });
  await recordSecurityEvent(v.em, {
    type: 'verification_failed',
    scope: 'login',
    severity: 'medium',
    ip: v.ip,
    userAgent: v.userAgent,
    details: `Wrong ${factor.replace('_', ' ')} for "${v.user.username.slice(0, 100)}" while ${PURPOSE_TEXT[purpose]}`,
  });
}

/** The current password, under the sign-in throttle; a wrong one is a 400 naming `password`. */
export async function confirmPassword(
  v: Verifier,
  purpose: StepUpPurpose,
  password: string,
): Promise<void> {
  const attempt = { username: v.user.username, ip: v.ip, userAgent: v.userAgent };
  await withLoginThrottle(v.em, attempt, async () => {
    const user = await findUserWithPassword(v.em, v.user.id);
    if (await verifyPassword(password, user.password)) return;
    await recordVerificationFailure(v, purpose, 'password');
    throw new WrongSecretError(TWO_FACTOR_MESSAGES.wrongPassword, 'password');
  });
}

/**
 * A code from the app or a recovery code (spent when right), under the account's second-factor
 * throttle; answers which it was, or throws `wrong` (the caller's status and field).
 */
export async function confirmSecondFactor(
  v: Verifier,
  purpose: StepUpPurpose,
  factor: { code?: string; recoveryCode?: string },
  wrong: AppError,
): Promise<'code' | 'recovery_code'> {
  let used: 'code' | 'recovery_code' | null = null;
  await withSecondFactorThrottle(v.em, attemptOf(v), async () => {
    used = await spendSecondFactor(v.em, v.user.id, factor);
    return used !== null;
  });
  if (used) return used;
  await recordVerificationFailure(v, purpose, factor.recoveryCode ? 'recovery_code' : 'code');
  throw wrong;
}

const attemptOf = (v: Verifier) => ({
  userId: v.user.id,
  username: v.user.username,
  ip: v.ip,
  userAgent: v.userAgent,
});
