import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  TWO_FACTOR_MESSAGES,
  type TSecondFactor,
  type TTwoFactorSetup,
} from '../../shared/account-security.schema';
import { AppError, notFound } from '../errors';
import {
  claimTwoFactorStep,
  clearTwoFactorColumns,
  loadTwoFactorUser,
  savePendingTwoFactorSecret,
  turnOnTwoFactor,
  twoFactorEnabled,
} from '../users/user-two-factor.service';
import { RecoveryCode } from './recovery-code.entity';

const ISSUER = 'Convoza';
const RECOVERY_CODES = 10;
/** One 30-second step either side of now, for clocks that drift a little. */
const TOLERANCE_SECONDS = 30;

const hashCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');

/** xxxxx-xxxxx from an unambiguous alphabet (50 bits). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A new key for the user's authenticator app, pending until a code from it confirms it. */
export async function beginTwoFactorSetup(
  em: EntityManager,
  userId: number,
): Promise<TTwoFactorSetup> {
  const user = await loadTwoFactorUser(em, userId);
  if (user.twoFactorEnabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = generateSecret();
  await savePendingTwoFactorSecret(em, user, secret);
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
  // Loaded when someone sets up 2FA, not with every start of the server.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

/** The time step of a valid code newer than the last one used, or null. */
async function acceptedStep(secret: string, token: string, after: number | null) {
  const result = await verify({
    secret,
    token,
    epochTolerance: TOLERANCE_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Turns two-factor sign-in on with a code from the pending key; answers the recovery codes. */
export async function enableTwoFactor(em: EntityManager, userId: number, code: string) {
  return em.transactional(async (tem) => {
    const user = await loadTwoFactorUser(tem, userId);
    if (user.twoFactorEnabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
    const pending = user.twoFactorPendingSecret;
    if (!pending) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notPending, 'code');
    const step = await acceptedStep(pending, code, null);
    if (step === null) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.wrongCode, 'code');
    await turnOnTwoFactor(tem, user, pending, step);
    await tem.nativeDelete(RecoveryCode, { user: userId });
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tem.insertMany(
      RecoveryCode,
      recoveryCodes.map((c) => ({ user: userId, codeHash: hashCode(c), usedAt: null })),
    );
    return { recoveryCodes };
  });
}

/**
 * Checks and spends a second factor: a TOTP code (each time step once: a conditional update
 * makes two simultaneous uses of one code count once) or an unused recovery code.
 */
export async function spendSecondFactor(
  em: EntityManager,
  userId: number,
  factor: TSecondFactor,
): Promise<'code' | 'recovery_code' | null> {
  const user = await loadTwoFactorUser(em, userId);
  if (!user.twoFactorEnabledAt || !user.twoFactorSecret) return null;
  if (factor.recoveryCode) {
    const used = await em.nativeUpdate(
      RecoveryCode,
      { user: userId, codeHash: hashCode(factor.recoveryCode), usedAt: null },
      { usedAt: new Date() },
    );
    return used ? 'recovery_code' : null;
  }
  const last = user.twoFactorLastStep ?? null;
  const step = factor.code ? await acceptedStep(user.twoFactorSecret, factor.code, last) : null;
  if (step === null) return null;
  return (await claimTwoFactorStep(em, userId, step)) ? 'code' : null;
}

/**
 * Turns two-factor sign-in off and forgets the key and the recovery codes: by the user once
 * they confirmed who they are (step-up.service.ts), or by an admin resetting it for them.
 */
export async function clearTwoFactor(em: EntityManager, userId: number): Promise<void> {
  await em.transactional(async (tem) => {
    if (!(await clearTwoFactorColumns(tem, userId))) throw notFound('User', userId);
    await tem.nativeDelete(RecoveryCode, { user: userId });
  });
}

export async function hasTwoFactor(em: EntityManager, userId: number): Promise<boolean> {
  return twoFactorEnabled(em, userId);
}
