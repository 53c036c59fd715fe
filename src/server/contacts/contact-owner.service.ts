import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact } from '../../shared/contacts.schema';
import { AppError, notFound } from '../errors';
import type { EventBus } from '../events/event-bus';
import { isBackOfficeUser, userReference } from '../users/user-lookup.service';
import { Contact } from './contact.entity';
import { toContactView } from './contact.view';

/**
 * Leads go only to users who can sign in to the back office (active, role admin); anything else
 * is the caller's mistake.
 */
export async function requireAssignableUser(em: EntityManager, userId: number): Promise<void> {
  if (!(await isBackOfficeUser(em, userId)))
    throw new AppError(
      'BAD_REQUEST',
      `No active back-office user with id ${userId} (leads go to someone who signs in)`,
      'ownerId',
    );
}

/**
 * Gives a contact to a user (or to nobody with null) and publishes contact.owner_changed (the
 * timeline records it); the same owner again changes nothing.
 */
export async function setContactOwner(
  em: EntityManager,
  change: {
    id: number;
    ownerId: number | null;
    actorId: number | null;
    reason?: 'round_robin' | 'booking';
  },
  events: EventBus,
): Promise<TContact> {
  const { id, ownerId, actorId, reason } = change;
  return em.transactional(async (tem) => {
    const contact = await tem.findOne(Contact, { id });
    if (!contact) throw notFound('Contact', id);
    if (ownerId !== null) await requireAssignableUser(tem, ownerId);
    const from = contact.owner?.id ?? null;
    if (from !== ownerId) {
      contact.owner = ownerId === null ? null : userReference(tem, ownerId);
      await tem.flush();
      await events.publish(tem, 'contact.owner_changed', {
        contactId: id,
        from,
        to: ownerId,
        actorId,
        ...(reason ? { reason } : {}),
      });
    }
    return toContactView(contact);
  });
}
