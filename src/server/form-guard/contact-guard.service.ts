import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSecurityEventType, TSeverity } from '../../shared/security.schema';
import { AppError } from '../errors';
import { detectBot } from './bot-detection';
import { clientKey } from '../http/client-ip';
import { recordSecurityEvent } from '../security-center/security-events.service';
import { checkFormToken } from './form-token';
import { consumeRateLimit, hourlyRule, RateLimitedError } from '../rate-limit/rate-limit.service';
import type { ProtectionSettings } from '../security-center/settings.service';
import { checkContent } from './suspicious-content';

export interface Submitter {
  ip: string;
  userAgent: string;
  acceptLanguage: string;
}

export interface GuardedSubmission {
  name: string;
  company: string | null;
  message: string;
  website?: string;
  formToken?: string;
}

type SpendableToken = { nonce: string; expiresAt: Date };

/**
 * What the guard decided before storage: refuse (thrown), pretend (honeypot), quarantine (the
 * content filter alone objects: kept for review), or store.
 */
export type GuardOutcome =
  | { action: 'pretend' }
  | { action: 'quarantine'; reason: string; token?: SpendableToken }
  | { action: 'store'; token?: SpendableToken };

export const TOKEN_MESSAGES = {
  invalid: 'Your form session has expired. Please reload the page and submit the form again.',
  tooFast: 'The form was submitted too quickly. Please wait a few seconds and try again.',
  reused: 'This form was already submitted. Please reload the page to send another message.',
  bot: 'Automated submissions are not accepted. Please use the contact form on our website.',
} as const;

/**
 * The absolute cap on one network's submissions per hour, as a multiple of the Security Center's
 * maxSubmissionsPerHour (default 5, so 50): past the limit a submission waits in quarantine, past
 * the cap it is refused (429) and not stored.
 */
export const SUBMISSION_CAP_FACTOR = 10;

const TOKEN_SEVERITY: Record<string, TSeverity> = {
  missing: 'medium',
  malformed: 'high',
  forged: 'high',
  expired: 'low',
  too_fast: 'medium',
};

/**
 * Runs the switchable protections in order of cost and certainty: rate limit (counts every
 * attempt), honeypot, bot signals + form token, content. Every block writes a security event and
 * throws a 4xx AppError, except the honeypot, which answers like a success so a bot learns
 * nothing, and a submission over the hourly limit or with suspicious content, which is
 * quarantined for review (and also answered so).
 */
export async function guardSubmission(
  em: EntityManager,
  s: ProtectionSettings,
  input: GuardedSubmission,
  who: Submitter,
): Promise<GuardOutcome> {
  const log = (type: TSecurityEventType, severity: TSeverity, details: string) =>
    recordSecurityEvent(em, { type, severity, details, ip: who.ip, userAgent: who.userAgent });

  // Past the hourly limit a submission is kept in quarantine (below), not refused: an office, a
  // conference Wi-Fi or a carrier's NAT is one address for many real people. Only past the
  // absolute cap, which protects the database, is it refused and not stored.
  let overLimit: string | undefined;
  if (s.rateLimitEnabled) {
    const limit = s.maxSubmissionsPerHour;
    const cap = limit * SUBMISSION_CAP_FACTOR;
    const rl = await consumeRateLimit(em, hourlyRule('contact-ip', clientKey(who.ip), cap));
    if (rl.limited) {
      await log(
        'rate_limit',
        rl.count > 2 * cap ? 'high' : 'medium',
        `${rl.count} submissions within an hour (cap ${cap}): refused`,
      );
      throw RateLimitedError.perHour('submissions from your network', cap, rl.retryAfterSeconds);
    }
    if (rl.count > limit)
      overLimit = `Rate limit: ${rl.count} submissions from this network within an hour (limit ${limit})`;
  }

  if (s.honeypotEnabled && input.website?.trim()) {
    await log(
      'honeypot_triggered',
      'medium',
      `Hidden website field filled with "${input.website.trim().slice(0, 100)}"`,
    );
    return { action: 'pretend' };
  }

  let token: { nonce: string; expiresAt: Date } | undefined;
  if (s.botDetectionEnabled) {
    const bot = detectBot(who);
    if (bot) {
      await log('bot_detected', bot.severity, bot.details);
      throw new AppError('FORBIDDEN', TOKEN_MESSAGES.bot);
    }
    const check = checkFormToken(
      s.formSecret,
      input.formToken,
      clientKey(who.ip),
      s.minFormFillTime * 1000,
    );
    if (!check.ok) {
      const age =
        check.ageMs === undefined
          ? ''
          : ` (form age ${(check.ageMs / 1000).toFixed(1)} s, minimum ${s.minFormFillTime} s)`;
      await log(
        'bot_detected',
        TOKEN_SEVERITY[check.reason] ?? 'medium',
        `Form token ${check.reason.replace('_', ' ')}${age}`,
      );
      throw new AppError(
        'BAD_REQUEST',
        check.reason === 'too_fast' ? TOKEN_MESSAGES.tooFast : TOKEN_MESSAGES.invalid,
        'formToken',
      );
    }
    token = { nonce: check.nonce, expiresAt: check.expiresAt };
  }

  const suspicious = await guardContent(em, s, input, who);
  if (overLimit) {
    await log('rate_limit', 'low', `${overLimit}: kept in quarantine`);
    const reason = suspicious ? `${overLimit}; ${suspicious}` : overLimit;
    return { action: 'quarantine', reason, token };
  }
  if (suspicious) return { action: 'quarantine', reason: suspicious, token };
  return { action: 'store', token };
}

/**
 * The content filter alone (when switched on): what every lead passes, also one an integration
 * sends with its key, where the browser checks do not apply. Answers why the content looks
 * suspicious (logged as a security event), or null when it does not; the caller quarantines it.
 */
export async function guardContent(
  em: EntityManager,
  s: ProtectionSettings,
  input: GuardedSubmission,
  who: Pick<Submitter, 'ip' | 'userAgent'>,
): Promise<string | null> {
  if (!s.suspiciousContentFiltering) return null;
  const verdict = checkContent(input);
  if (!verdict) return null;
  await recordSecurityEvent(em, {
    type: 'suspicious_submission',
    severity: verdict.severity,
    details: verdict.details,
    ip: who.ip,
    userAgent: who.userAgent,
  });
  return verdict.details;
}
