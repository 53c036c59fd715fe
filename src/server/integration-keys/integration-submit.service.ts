import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactSubmit } from '../../shared/contacts.schema';
import { SUBMIT_THANKS, type SubmitterInfo } from '../contacts/contact-submit.service';
import { storeLead } from '../contacts/store-lead.service';
import { guardContent } from '../form-guard/contact-guard.service';
import { quarantineSubmission } from '../quarantine/quarantine.service';
import { clientKey } from '../http/client-ip';
import {
  consumeRateLimit,
  consumeShardedRateLimit,
  hourlyRule,
  peekRateLimit,
  RateLimitedError,
} from '../rate-limit/rate-limit.service';
import { AppError } from '../errors';
import { recordSecurityEvent } from '../security-center/security-events.service';
import { loadProtectionSettings } from '../security-center/settings.service';
import type { EventBus } from '../events/event-bus';
import { authenticateIntegrationKey } from './integration-keys.service';

/** Wrong keys one network may try in an hour before every try is refused (guessing keys). */
export const WRONG_KEYS_PER_HOUR = 20;

/** The key of the Authorization header; wrong ones are counted per network, then refused (429). */
async function authenticatedKey(em: EntityManager, authorization: string, who: SubmitterInfo) {
  const wrongKeys = hourlyRule('integration-key-wrong', clientKey(who.ip), WRONG_KEYS_PER_HOUR);
  const seen = await peekRateLimit(em, wrongKeys);
  if (seen.limited)
    throw RateLimitedError.perHour(
      'wrong integration keys from your network',
      WRONG_KEYS_PER_HOUR,
      seen.retryAfterSeconds,
    );
  try {
    return await authenticateIntegrationKey(em, authorization);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'UNAUTHORIZED')) throw error;
    const counted = await consumeRateLimit(em, wrongKeys);
    await recordSecurityEvent(em, {
      type: 'verification_failed',
      severity: counted.count > WRONG_KEYS_PER_HOUR / 2 ? 'high' : 'medium',
      details: `Wrong integration key (${counted.count} within an hour)`,
      ip: who.ip,
      userAgent: who.userAgent,
    });
    throw error;
  }
}

/**
 * A lead sent by a server with an integration key (`Authorization: Bearer <key>`): the key
 * stands in for the browser checks (form token, fill time, browser headers, honeypot), so only
 * the key's hourly limit and the content filter apply. The contact's source is `api`, and it
 * is stored with its emails and webhooks in one transaction, like a website submission.
 */
export async function submitContactWithKey(
  em: EntityManager,
  input: TContactSubmit,
  authorization: string,
  who: SubmitterInfo,
  events: EventBus,
) {
  const key = await authenticatedKey(em, authorization, who);
  const settings = await loadProtectionSettings(em);
  const limit = settings.integrationKeyHourlyLimit;
  const rl = await consumeShardedRateLimit(
    em,
    hourlyRule('integration-key', String(key.id), limit),
  );
  if (rl.limited) {
    await recordSecurityEvent(em, {
      type: 'rate_limit',
      severity: 'medium',
      details: `Integration key "${key.name}": ${rl.count} submissions within an hour (limit ${limit})`,
      ip: who.ip,
      userAgent: who.userAgent,
    });
    throw RateLimitedError.perHour(
      'submissions with this integration key',
      limit,
      rl.retryAfterSeconds,
    );
  }
  const suspicious = await guardContent(em, settings, input, who);
  if (suspicious) {
    // Kept for review, answered as accepted but without a contact (none exists until released).
    await quarantineSubmission(em, input, { source: 'api', reason: suspicious, ...who });
    return { success: true, message: SUBMIT_THANKS, outcome: 'quarantined' as const };
  }
  const contact = await em.transactional((tem) => storeLead(tem, input, 'api', events));
  return {
    success: true,
    message: SUBMIT_THANKS,
    contact: { id: contact.id, status: contact.status, source: contact.source },
    outcome: 'accepted' as const,
  };
}
