import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimitedError } from '../rate-limit/rate-limit.service';
import { recordSecurityEvent } from '../security-center/security-events.service';

/**
 * Refuses a sign-in step (password or second factor) over its limit: the security center gets a
 * high-severity event with `details`, the client a 429 that says when to try again.
 */
export async function refuseThrottledSignIn(
  em: EntityManager,
  client: { ip: string; userAgent: string },
  refusal: { details: string; message: string; retryAfterSeconds: number },
): Promise<never> {
  await recordSecurityEvent(em, {
    type: 'rate_limit',
    scope: 'login',
    severity: 'high',
    ip: client.ip,
    userAgent: client.userAgent,
    details: refusal.details,
  });
  throw new RateLimitedError(refusal.message, refusal.retryAfterSeconds);
}
