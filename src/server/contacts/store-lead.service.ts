import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact, TContactSubmit } from '../../shared/contacts.schema';
import type { RunInContext } from '../db/group-commit';
import type { EventBus } from '../events/event-bus';
import { consentsOnSubmission } from '../privacy/consent.service';
import { createContacts } from './contacts.service';

/** An accepted lead to store. */
export interface AcceptedLead {
  input: TContactSubmit;
  source: 'website' | 'api';
  /** When it was sent: its consent is dated then (a lead released from quarantine keeps it). */
  receivedAt?: Date;
  /** The request it came from, when stored in a batch of others (see GroupCommit). */
  inContext?: RunInContext;
}

/**
 * Stores accepted leads inside the caller's transaction, in one multi-row insert, and publishes
 * `contact.created` for them together: what follows (an owner by round-robin, the lead emails,
 * the webhooks, the clean-submission count, the audit) is the features' subscribers', in the
 * same transaction. Answers the contacts in order.
 */
export async function storeLeads(
  tem: EntityManager,
  leads: readonly AcceptedLead[],
  events: EventBus,
): Promise<TContact[]> {
  if (!leads.length) return [];
  const now = new Date();
  const consents = await consentsOnSubmission(
    tem,
    leads.map((lead) => ({ given: lead.input.consent, receivedAt: lead.receivedAt ?? now })),
  );
  const contacts = await createContacts(
    tem,
    leads.map((lead, i) => ({ ...lead.input, source: lead.source, consent: consents[i] })),
  );
  await events.publishAll(
    tem,
    'contact.created',
    contacts.map((contact) => ({ contact })),
    leads.map((lead) => lead.inContext),
  );
  return contacts;
}

/** One accepted lead (a website submission, a release from quarantine). */
export async function storeLead(
  tem: EntityManager,
  input: TContactSubmit,
  source: 'website' | 'api',
  events: EventBus,
  receivedAt = new Date(),
): Promise<TContact> {
  const [contact] = await storeLeads(tem, [{ input, source, receivedAt }], events);
  return contact!;
}
