import type { EntityManager } from '@mikro-orm/postgresql';
import { ATTRIBUTION_FIELDS, type TContactSubmit } from '../../shared/contacts.schema';
import { AppError } from '../errors';
import {
  guardSubmission,
  TOKEN_MESSAGES,
  type Submitter,
} from '../form-guard/contact-guard.service';
import { spendFormToken } from '../form-guard/form-token.service';
import { recordSecurityEvent } from '../security-center/security-events.service';
import { loadProtectionSettings } from '../security-center/settings.service';
import type { EventBus } from '../events/event-bus';
import { quarantineSubmission } from '../quarantine/quarantine.service';
import { firstTouchOf } from '../web-analytics/web-analytics.service';
import { storeLead } from './store-lead.service';

export type SubmitterInfo = Submitter;

export const SUBMIT_THANKS = 'Thank you! Our AI team will respond immediately.';

/**
 * The website form, behind the protections of the Security Center settings (see contact-guard).
 * A filled honeypot gets the normal success answer and stores nothing, so a bot learns nothing;
 * content the filter objects to gets it too and waits in quarantine for review.
 * An accepted submission spends its form token, stores the contact, counts as clean and queues
 * the lead emails and the contact.created webhooks in one transaction: a 2xx means all of it
 * happened, a failure means none.
 */
export async function submitContact(
  em: EntityManager,
  input: TContactSubmit,
  who: SubmitterInfo,
  events: EventBus,
) {
  const settings = await loadProtectionSettings(em);
  const outcome = await guardSubmission(em, settings, input, who);
  // The visit's first touch is the server's (no browser storage): its first page view today,
  // unless the form was sent with attribution of its own.
  if (outcome.action !== 'pretend' && !ATTRIBUTION_FIELDS.some((field) => input[field]))
    input = { ...input, ...(await firstTouchOf(em, who)) };
  if (outcome.action === 'pretend')
    return { success: true, message: SUBMIT_THANKS, outcome: 'refused' as const };

  const contact = await em.transactional(async (tem) => {
    const { token } = outcome;
    if (token && !(await spendFormToken(tem, token.nonce, token.expiresAt))) return null;
    if (outcome.action === 'quarantine') {
      await quarantineSubmission(tem, input, { source: 'website', reason: outcome.reason, ...who });
      return 'quarantined' as const;
    }
    return storeLead(tem, input, 'website', events);
  });
  // Kept for review: the visitor hears what an accepted lead hears (as the honeypot answers).
  if (contact === 'quarantined')
    return { success: true, message: SUBMIT_THANKS, outcome: 'quarantined' as const };
  if (!contact) {
    await recordSecurityEvent(em, {
      type: 'bot_detected',
      severity: 'high',
      details: 'Form token replayed',
      ip: who.ip,
      userAgent: who.userAgent,
    });
    throw new AppError('BAD_REQUEST', TOKEN_MESSAGES.reused, 'formToken');
  }
  return {
    success: true,
    message: SUBMIT_THANKS,
    contact: { id: contact.id, status: contact.status, source: contact.source },
    outcome: 'accepted' as const,
  };
}
