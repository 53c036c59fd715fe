import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { ZContactSubmit } from '../../shared/contacts.schema';
import { AppError } from '../errors';
import { guardSubmission, TOKEN_MESSAGES, type Submitter } from '../security/contact-guard';
import { recordSecurityEvent } from '../security/events.service';
import { loadProtectionSettings } from '../security/settings.service';
import { countCleanSubmission } from '../security/stats.service';
import { createContact } from './contacts.service';

export type SubmitterInfo = Submitter;

export const SUBMIT_THANKS = 'Thank you! Our AI team will respond immediately.';

/**
 * The website form, behind the protections of the Security Center settings (see contact-guard).
 * A filled honeypot gets the normal success answer and stores nothing, so a bot learns nothing.
 * An accepted submission spends its form token, stores the contact and counts as clean in one
 * transaction: a 2xx means all three happened.
 */
export async function submitContact(
  em: EntityManager,
  input: z.output<typeof ZContactSubmit>,
  who: SubmitterInfo,
) {
  const settings = await loadProtectionSettings(em);
  const outcome = await guardSubmission(em, settings, input, who);
  if (outcome.action === 'pretend') return { success: true, message: SUBMIT_THANKS };

  const contact = await em.transactional(async (tem) => {
    if (outcome.tokenNonce) {
      const spent = await tem.execute<{ nonce: string }[]>(
        'insert into security_used_form_tokens (nonce, expires_at) values (?, ?) on conflict do nothing returning nonce',
        [outcome.tokenNonce, outcome.tokenExpiresAt],
      );
      if (!spent.length) return null;
    }
    const created = await createContact(tem, { ...input, source: 'website' });
    await countCleanSubmission(tem);
    return created;
  });
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
  };
}
