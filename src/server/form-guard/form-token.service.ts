import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../db/typed-sql';
import { UsedFormToken } from './used-form-token.entity';
import { clientKey } from '../http/client-ip';
import { issueFormToken } from './form-token';
import { consumeRateLimit, aboutMinutes, RateLimitedError } from '../rate-limit/rate-limit.service';
import { recordSecurityEvent } from '../security-center/security-events.service';
import { loadProtectionSettings } from '../security-center/settings.service';

/**
 * Tokens per client network per 10 minutes: a person opening the contact page a few times needs
 * a handful; a farm minting tokens to spend elsewhere gets cut off. Part of the per-network rate
 * limit, so the Security Center's rate-limit switch turns it off too.
 */
export const FORM_TOKEN_LIMIT = { perNetwork: 30, windowSeconds: 600 } as const;

/** A fresh token for the website form, bound to the caller's network, and the minimum fill time. */
export async function issueContactFormToken(
  em: EntityManager,
  who: { ip: string; userAgent: string },
): Promise<{ token: string; minFormFillTime: number }> {
  const network = clientKey(who.ip);
  const s = await loadProtectionSettings(em);
  const limit = s.rateLimitEnabled
    ? await consumeRateLimit(em, {
        bucket: 'form-token',
        key: network,
        limit: FORM_TOKEN_LIMIT.perNetwork,
        windowSeconds: FORM_TOKEN_LIMIT.windowSeconds,
      })
    : null;
  if (limit?.limited) {
    await recordSecurityEvent(em, {
      type: 'rate_limit',
      severity: 'medium',
      ip: who.ip,
      userAgent: who.userAgent,
      details: `${limit.count} form tokens requested within 10 minutes (limit ${FORM_TOKEN_LIMIT.perNetwork})`,
    });
    throw new RateLimitedError(
      `Too many contact form loads from your network. Please try again in about ${aboutMinutes(limit.retryAfterSeconds)}.`,
      limit.retryAfterSeconds,
    );
  }
  return { token: issueFormToken(s.formSecret, network), minFormFillTime: s.minFormFillTime };
}

/**
 * Marks a token as spent; false when it already was (a replay). Call inside the transaction that
 * stores the submission, so a token is spent exactly when its submission is stored.
 */
export async function spendFormToken(
  em: EntityManager,
  nonce: string,
  expiresAt: Date,
): Promise<boolean> {
  const spent = await typedSql(em, [UsedFormToken])
    .insertInto('security_used_form_tokens')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((conflict) => conflict.doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return spent !== undefined;
}

/** Forgets spent tokens once they have expired (an expired token is refused anyway). */
export async function pruneSpentFormTokens(em: EntityManager, now = new Date()): Promise<number> {
  const { numDeletedRows } = await typedSql(em, [UsedFormToken])
    .deleteFrom('security_used_form_tokens')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}
