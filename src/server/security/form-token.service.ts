import type { EntityManager } from '@mikro-orm/postgresql';
import { clientKey } from './client-ip';
import { issueFormToken } from './form-token';
import { consumeRateLimit } from './rate-limit.service';
import { aboutMinutes, RateLimitedError } from './rate-limited.error';
import { recordSecurityEvent } from './events.service';
import { loadProtectionSettings } from './settings.service';

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
