import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact, TContactSubmit } from '../../shared/contacts.schema';
import type { EventBus } from '../events/event-bus';
import { consentOnSubmission } from '../privacy/consent.service';
import { createContact } from './contacts.service';

/**
 * Stores an accepted lead inside the caller's transaction and publishes `contact.created`: what
 * follows (an owner by round-robin, the lead emails, the webhooks, the clean-submission count)
 * is the features' subscribers', in the same transaction. Its consent is dated `receivedAt`
 * (a quarantined submission released later keeps the time it was sent).
 */
export async function storeLead(
  tem: EntityManager,
  input: TContactSubmit,
  source: 'website' | 'api',
  events: EventBus,
  receivedAt = new Date(),
): Promise<TContact> {
  const consent = await consentOnSubmission(tem, input.consent, receivedAt);
  const contact = await createContact(tem, { ...input, source, consent });
  await events.publish(tem, 'contact.created', { contact });
  return contact;
}
