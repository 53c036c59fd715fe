import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact } from '../../shared/contacts.schema';
import { recordContactActivity } from '../contact-activity/contact-activity.service';
import { AppError, notFound } from '../errors';
import { User } from '../users/user.entity';
import { Contact } from './contact.entity';
import { toContactView } from './contact.view';

/** Leads go only to users who can still sign in; anything else is the caller's mistake. */
export async function requireAssignableUser(em: EntityManager, userId: number): Promise<void> {
  const user = await em.findOne(User, { id: userId }, { fields: ['id', 'isActive'] });
  if (!user || !user.isActive)
    throw new AppError('BAD_REQUEST', `No active user with id ${userId}`, 'ownerId');
}

/**
 * Gives a contact to a user (or to nobody with null) and records it on the timeline; the same
 * owner again changes nothing.
 */
export async function setContactOwner(
  em: EntityManager,
  id: number,
  ownerId: number | null,
  actorId: number | null,
): Promise<TContact> {
  return em.transactional(async (tem) => {
    const contact = await tem.findOne(Contact, { id });
    if (!contact) throw notFound('Contact', id);
    if (ownerId !== null) await requireAssignableUser(tem, ownerId);
    const from = contact.owner?.id ?? null;
    if (from !== ownerId) {
      contact.owner = ownerId === null ? null : tem.getReference(User, ownerId);
      await tem.flush();
      await recordContactActivity(tem, {
        contactId: id,
        type: 'owner_changed',
        actorId,
        data: { from, to: ownerId },
      });
    }
    return toContactView(contact);
  });
}
