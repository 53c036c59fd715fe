// What the team does to a contact by hand: enter a lead that phoned in, correct a typo. Each
// publishes what happened, so the timeline, the audit, routing, the alerts and the webhooks
// follow as they do for any other lead or change.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  EDITABLE_CONTACT_FIELDS,
  MANUAL_SOURCE,
  type TContact,
  type TContactManualCreate,
  type TContactUpdate,
} from '../../shared/contacts.schema';
import { notFound } from '../errors';
import type { EventBus } from '../events/event-bus';
import { Contact } from './contact.entity';
import { requireAssignableUser, setContactOwner } from './contact-owner.service';
import { createContact } from './contacts.service';
import { toContactView } from './contact.view';

/**
 * A lead entered by hand, published as `contact.created` like any other: alerted and sent to
 * the webhooks, routed unless an owner is given, but with no auto-reply (nobody filled a form).
 */
export async function createManualContact(
  em: EntityManager,
  input: TContactManualCreate,
  events: EventBus,
): Promise<TContact> {
  return em.transactional(async (tem) => {
    if (input.ownerId != null) await requireAssignableUser(tem, input.ownerId);
    const contact = await createContact(tem, {
      ...input,
      ownerId: input.ownerId ?? null,
      source: MANUAL_SOURCE,
    });
    await events.publish(tem, 'contact.created', { contact });
    return contact;
  });
}

/**
 * Corrects the fields sent (the others stay), then the owner when `ownerId` is sent, in one
 * transaction: one `contact.fields_changed` with every field that really changed (the timeline
 * shows it before and after), and the owner change as any other.
 */
export async function updateContactFields(
  em: EntityManager,
  input: TContactUpdate,
  events: EventBus,
  actorId: number,
): Promise<TContact> {
  const { id, ownerId } = input;
  return em.transactional(async (tem) => {
    const contact = await tem.findOne(Contact, { id });
    if (!contact) throw notFound('Contact', id);
    const changes = EDITABLE_CONTACT_FIELDS.flatMap((field) => {
      const to = input[field];
      const from = contact[field] ?? null;
      return to === undefined || to === from ? [] : [{ field, from, to }];
    });
    if (changes.length) {
      tem.assign(contact, Object.fromEntries(changes.map(({ field, to }) => [field, to])));
      await tem.flush();
      await events.publish(tem, 'contact.fields_changed', { contactId: id, changes, actorId });
    }
    if (ownerId === undefined) return toContactView(contact);
    return setContactOwner(tem, { id, ownerId, actorId }, events);
  });
}
