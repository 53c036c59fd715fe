// What other features read of contacts, and the reference they store to one: the contacts table
// has one owner, and the others name a contact through these.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact, type IContact } from './contact.entity';
import { DEMO_CONTACT_EMAILS } from './contacts.demo';

/** A contact to point a relation at (its row is not read). */
export const contactReference = (em: EntityManager, contactId: number) =>
  em.getReference(Contact, contactId);

/** Whether a contact with this id exists. */
export async function contactExists(em: EntityManager, contactId: number): Promise<boolean> {
  return (await em.findOne(Contact, { id: contactId }, { fields: ['id'] })) !== null;
}

/**
 * The demo leads, in the order of DEMO_CONTACT_EMAILS (undefined where one is gone), for other
 * features' demo rows.
 */
export async function demoContacts(em: EntityManager): Promise<(IContact | undefined)[]> {
  const contacts = await em.find(Contact, { email: { $in: [...DEMO_CONTACT_EMAILS] } });
  const byEmail = new Map(contacts.map((c) => [c.email, c]));
  return DEMO_CONTACT_EMAILS.map((email) => byEmail.get(email));
}
