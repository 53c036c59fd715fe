import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact, TContactSubmit } from '../../shared/contacts.schema';
import type { EventBus } from '../events/event-bus';
import { createContact } from './contacts.service';

/**
 * Stores an accepted lead inside the caller's transaction and publishes `contact.created`: what
 * follows (an owner by round-robin, the lead emails, the webhooks, the clean-submission count)
 * is the features' subscribers', in the same transaction.
 */
export async function storeLead(
  tem: EntityManager,
  input: TContactSubmit,
  source: 'website' | 'api',
  events: EventBus,
): Promise<TContact> {
  const contact = await createContact(tem, { ...input, source });
  await events.publish(tem, 'contact.created', { contact });
  return contact;
}
