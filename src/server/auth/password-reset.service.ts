// "Forgot password?": a one-time link by email, valid 30 minutes, throttled per address and per
// network, answered the same, and as fast, whether the address belongs to an account or not.
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_MINUTES } from '../../shared/auth.schema';
import { AppError } from '../errors';
import { clientKey } from '../http/client-ip';
import { textToHtml } from '../notifications/email-text.service';
import { queueEmails, type Notifier } from '../notifications/outbox.service';
import { consumeRateLimits, hourlyRule, RateLimitedError } from '../rate-limit/rate-limit.service';
import { findActiveUserByEmail, userReference } from '../users/user-lookup.service';
import { setUserPassword } from '../users/users.service';
import { PasswordReset } from './password-reset.entity';
import { endUserSessions } from './session';
import type { JobQueue } from '../jobs/job-queue';
import { PASSWORD_RESET_QUEUE, type PasswordResetJob } from './password-reset.queue';

/** Links asked for one address per hour (beyond: silently none, so nobody floods an inbox). */
export const RESETS_PER_ADDRESS_HOUR = 3;
/** Requests from one network per hour (beyond: 429, which says nothing about any address). */
export const RESETS_PER_NETWORK_HOUR = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * "Forgot password?": counts the request against its network's and its address's hourly limits
 * (the address as a hash: a rate-limit row never holds it) and queues the rest, the same one
 * insert whatever the address: whether an account uses it is only looked up by the job
 * (issuePasswordReset), so the answer's time cannot tell. Without a job queue (a test or bench
 * app) the job's work runs at once.
 */
export async function requestPasswordReset(
  em: EntityManager,
  email: string,
  ip: string,
  deps: { jobs?: JobQueue; notifier: Notifier },
): Promise<void> {
  const [network, address] = await consumeRateLimits(em, [
    hourlyRule('password-reset-network', clientKey(ip), RESETS_PER_NETWORK_HOUR),
    hourlyRule('password-reset-address', hashOf(email.toLowerCase()), RESETS_PER_ADDRESS_HOUR),
  ]);
  if (network.limited)
    throw RateLimitedError.perHour(
      'password reset requests from your network',
      RESETS_PER_NETWORK_HOUR,
      network.retryAfterSeconds,
    );
  const job: PasswordResetJob = { email, addressLimited: address.limited };
  const { jobs } = deps;
  if (jobs)
    await em.transactional((tem) =>
      jobs.sendInTransaction(tem as EntityManager, PASSWORD_RESET_QUEUE, job),
    );
  else await issuePasswordReset(em, job, deps.notifier);
}

/**
 * The passwordReset job: emails a link when the address belongs to an active account and its
 * hourly allowance was not spent; nothing otherwise.
 */
export async function issuePasswordReset(
  em: EntityManager,
  { email, addressLimited }: PasswordResetJob,
  notifier: Notifier,
): Promise<void> {
  if (addressLimited) return;
  const user = await findActiveUserByEmail(em, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await em.transactional(async (tem) => {
    tem.create(PasswordReset, {
      user: userReference(tem, user.id),
      tokenHash: hashOf(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
      usedAt: null,
    });
    await tem.flush();
    const link = `${notifier.publicUrl}/admin/reset-password?token=${token}`;
    const text = `Hi ${user.username},\n\nSomeone (hopefully you) asked to set a new password for your Convoza account. This link works once, for ${PASSWORD_RESET_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n\nConvoza`;
    await queueEmails(
      tem,
      [
        {
          kind: 'password_reset',
          to: user.email,
          subject: 'Set a new Convoza password',
          text,
          html: textToHtml(text),
        },
      ],
      notifier,
    );
  });
}

/**
 * Spends the link's token and sets the new password, ending every session of that user; a token
 * unknown, used or expired is a 400 naming `token`. Answers whose password it was.
 */
export async function confirmPasswordReset(
  em: EntityManager,
  token: string,
  newPassword: string,
): Promise<{ userId: number; username: string }> {
  return em.transactional(async (tem) => {
    const now = new Date();
    const invalid = () => new AppError('BAD_REQUEST', PASSWORD_RESET_MESSAGES.invalid, 'token');
    const reset = await tem.findOne(
      PasswordReset,
      { tokenHash: hashOf(token), usedAt: null, expiresAt: { $gt: now } },
      { populate: ['user'] },
    );
    // A link of an account since deactivated, or asked for before the password was last set
    // (by its user, or an admin), works no more.
    const changedAt = reset?.user.passwordChangedAt;
    if (!reset || !reset.user.isActive || (changedAt && changedAt >= reset.createdAt))
      throw invalid();
    // Spent in one statement: two clicks on the same link cannot both succeed.
    const spent = await tem.nativeUpdate(
      PasswordReset,
      { id: reset.id, usedAt: null },
      { usedAt: now },
    );
    if (!spent) throw invalid();
    await setUserPassword(tem, reset.user.id, newPassword);
    await endUserSessions(tem, reset.user.id);
    // Other links still out for this account stop working too.
    await tem.nativeUpdate(PasswordReset, { user: reset.user.id, usedAt: null }, { usedAt: now });
    return { userId: reset.user.id, username: reset.user.username };
  });
}

/** Drops links that ran out or were used more than a day ago. */
export async function prunePasswordResets(em: EntityManager, now: Date): Promise<number> {
  return em.nativeDelete(PasswordReset, {
    $or: [
      { expiresAt: { $lt: new Date(now.getTime() - 24 * 3600_000) } },
      { usedAt: { $lt: new Date(now.getTime() - 24 * 3600_000) } },
    ],
  });
}
