// What other features read of contacts, and the reference they store to one: the contacts table
// has one owner, and the others name a contact through these.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact } from '../../shared/contacts.schema';
import { Contact, type IContact } from './contact.entity';
import { contactsWithIds } from './contact-rows.sql';
import { DEMO_CONTACT_EMAILS } from './contacts.demo';

/** A contact to point a relation at (its row is not read). */
export const contactReference = (em: EntityManager, contactId: number) =>
  em.getReference(Contact, contactId);

/**
 * Whether a contact with this id exists. Counted, not loaded: a partly loaded contact in the
 * identity map would stand in for the whole one later in the same unit of work.
 */
export async function contactExists(em: EntityManager, contactId: number): Promise<boolean> {
  return (await em.count(Contact, { id: contactId })) > 0;
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

/** The contacts with these ids in the API's shape, oldest first (a person's data export). */
export async function contactViewsWithIds(em: EntityManager, ids: number[]): Promise<TContact[]> {
  return (await contactsWithIds(em, ids)).reverse();
}
