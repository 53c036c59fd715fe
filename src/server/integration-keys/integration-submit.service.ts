import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact, TContactSubmit } from '../../shared/contacts.schema';
import { SUBMIT_THANKS, type SubmitterInfo } from '../contacts/contact-submit.service';
import { storeLeads, type AcceptedLead } from '../contacts/store-lead.service';
import type { Outcome, Queued } from '../db/group-commit';
import { guardContent } from '../form-guard/contact-guard.service';
import { quarantineSubmission } from '../quarantine/quarantine.service';
import { clientKey } from '../http/client-ip';
import {
  consumeRateLimit,
  consumeShardedRateLimitHits,
  hourlyRule,
  peekRateLimit,
  RateLimitedError,
  type RateLimitState,
} from '../rate-limit/rate-limit.service';
import { AppError } from '../errors';
import { recordSecurityEvent } from '../security-center/security-events.service';
import { loadProtectionSettings } from '../security-center/settings.service';
import { unpublishedNotice } from '../privacy/consent.service';
import { currentNoticeVersion } from '../privacy/privacy-notices.service';
import type { EventBus } from '../events/event-bus';
import { authenticateIntegrationKeys, INVALID_KEY_MESSAGE } from './integration-keys.service';

/** Wrong keys one network may try in an hour before every try is refused (guessing keys). */
export const WRONG_KEYS_PER_HOUR = 20;

/** A lead sent with `Authorization: <header>`, as the group commit queues it. */
export interface KeyedSubmission {
  input: TContactSubmit;
  authorization: string;
  who: SubmitterInfo;
}

/** What the sender hears (a quarantined lead has no contact yet). */
export interface KeyedAnswer {
  success: true;
  message: string;
  contact?: Pick<TContact, 'id' | 'status' | 'source'>;
  outcome: 'accepted' | 'quarantined';
}

const wrongKeysRule = (who: SubmitterInfo) =>
  hourlyRule('integration-key-wrong', clientKey(who.ip), WRONG_KEYS_PER_HOUR);

/** Groups `items`' positions by `keyOf` (one statement per network or key, not per lead). */
function positionsBy<T>(items: readonly T[], keyOf: (item: T, i: number) => string | null) {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    const key = keyOf(item, i);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  return groups;
}

/**
 * Leads sent by servers with an integration key (`Authorization: Bearer <key>`), decided and
 * stored together in the group commit's transaction (see GroupCommit; alone when the app is
 * quiet). The key stands in for the browser checks (form token, fill time, browser headers,
 * honeypot), so only these apply, each lead in turn:
 * - a network that sent too many wrong keys within the hour is refused (429) whatever it sends;
 * - a wrong or revoked key is a 401, counted for its network and filed as a security event;
 * - past the key's hourly limit, a 429 (filed too);
 * - content the filter objects to waits in quarantine, answered as accepted but without a contact;
 * - the rest are stored with their emails and webhooks (source `api`), one multi-row insert.
 */
export async function submitContactsWithKeys(
  em: EntityManager,
  queued: readonly Queued<KeyedSubmission>[],
  events: EventBus,
): Promise<Outcome<KeyedAnswer>[]> {
  const items = queued.map((q) => q.item);
  const answers: (Outcome<KeyedAnswer> | undefined)[] = items.map(() => undefined);
  const refuse = (i: number, error: unknown) => (answers[i] = { ok: false, error });

  // Networks that guessed too often: refused before their key is even looked at.
  for (const [, positions] of positionsBy(items, (item) => clientKey(item.who.ip))) {
    const seen = await peekRateLimit(em, wrongKeysRule(items[positions[0]!]!.who));
    if (seen.limited)
      for (const i of positions)
        refuse(
          i,
          RateLimitedError.perHour(
            'wrong integration keys from your network',
            WRONG_KEYS_PER_HOUR,
            seen.retryAfterSeconds,
          ),
        );
  }
  const keys = await authenticateIntegrationKeys(
    em,
    items.map((item, i) => (answers[i] ? '' : item.authorization)),
  );
  for (const [i, item] of items.entries()) {
    if (answers[i] || keys[i]) continue;
    const counted = await consumeRateLimit(em, wrongKeysRule(item.who));
    await recordSecurityEvent(em, {
      type: 'verification_failed',
      severity: counted.count > WRONG_KEYS_PER_HOUR / 2 ? 'high' : 'medium',
      details: `Wrong integration key (${counted.count} within an hour)`,
      ip: item.who.ip,
      userAgent: item.who.userAgent,
    });
    refuse(i, new AppError('UNAUTHORIZED', INVALID_KEY_MESSAGE));
  }

  const settings = await loadProtectionSettings(em);
  const limit = settings.integrationKeyHourlyLimit;
  const hits: RateLimitState[] = [];
  for (const [id, positions] of positionsBy(items, (_, i) =>
    answers[i] ? null : String(keys[i]!.id),
  )) {
    const states = await consumeShardedRateLimitHits(
      em,
      hourlyRule('integration-key', id, limit),
      positions.length,
    );
    positions.forEach((i, n) => (hits[i] = states[n]!));
  }

  const notice = await currentNoticeVersion(em);
  const accepted: { at: number; lead: AcceptedLead }[] = [];
  for (const [i, item] of items.entries()) {
    if (answers[i]) continue;
    const key = keys[i]!;
    const rl = hits[i]!;
    // Refused alone, before anything of the batch is written.
    const unpublished = unpublishedNotice(item.input.consent, notice);
    if (unpublished) {
      refuse(i, unpublished);
      continue;
    }
    if (rl.limited) {
      await recordSecurityEvent(em, {
        type: 'rate_limit',
        severity: 'medium',
        details: `Integration key "${key.name}": ${rl.count} submissions within an hour (limit ${limit})`,
        ip: item.who.ip,
        userAgent: item.who.userAgent,
      });
      refuse(
        i,
        RateLimitedError.perHour(
          'submissions with this integration key',
          limit,
          rl.retryAfterSeconds,
        ),
      );
      continue;
    }
    const suspicious = await guardContent(em, settings, item.input, item.who);
    if (suspicious) {
      // Kept for review, answered as accepted but without a contact (none exists until released).
      await quarantineSubmission(em, item.input, {
        source: 'api',
        reason: suspicious,
        ...item.who,
      });
      answers[i] = {
        ok: true,
        value: { success: true, message: SUBMIT_THANKS, outcome: 'quarantined' },
      };
      continue;
    }
    accepted.push({
      at: i,
      lead: { input: item.input, source: 'api', inContext: queued[i]!.inContext },
    });
  }

  const contacts = await storeLeads(
    em,
    accepted.map((a) => a.lead),
    events,
  );
  accepted.forEach(({ at }, n) => {
    const contact = contacts[n]!;
    answers[at] = {
      ok: true,
      value: {
        success: true,
        message: SUBMIT_THANKS,
        contact: { id: contact.id, status: contact.status, source: contact.source },
        outcome: 'accepted',
      },
    };
  });
  return answers.map((answer) => answer!);
}
