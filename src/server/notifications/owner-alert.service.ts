// A lead routed to someone alerts them too: they must call it within minutes, and the fixed alert
// list may not include them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { getContact } from '../contacts/contacts.service';
import { findUser } from '../users/user-lookup.service';
import { leadAlertFor } from './lead-notifications.service';
import { getNotificationSettings } from './notification-settings.service';
import { wantsEmail } from './notification-preferences.service';
import { queueEmails, type Notifier } from './outbox.service';

/**
 * Queues the new-lead alert for the lead's new owner, unless they turned it off, cannot be
 * found, or are on the fixed list already (they had it with the others).
 */
export async function alertNewOwner(
  em: EntityManager,
  contactId: number,
  ownerId: number,
  notifier: Notifier,
): Promise<void> {
  if (!(await wantsEmail(em, ownerId, 'newLeadEmail'))) return;
  const owner = await findUser(em, ownerId);
  if (!owner?.isActive) return;
  const settings = await getNotificationSettings(em);
  const listed = settings.alertRecipients.some(
    (r) => r.toLowerCase() === owner.email.toLowerCase(),
  );
  if (listed) return;
  const contact = await getContact(em, contactId);
  await queueEmails(
    em,
    [{ ...leadAlertFor(contact, settings, notifier, owner.email), contactId }],
    notifier,
  );
}
