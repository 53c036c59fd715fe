import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactSubmit } from '../../shared/contacts.schema';
import { recordContactActivity } from '../contact-activity/contact-activity.service';
import { nextLeadOwner } from '../lead-routing/lead-routing.service';
import { queueLeadNotifications, type Notifier } from '../notifications/lead-notifications.service';
import { countCleanSubmission } from '../security-center/stats.service';
import { queueWebhookEvent } from '../webhooks/webhook-events.service';
import type { WebhookNotifier } from '../webhooks/webhook-settings';
import { createContact } from './contacts.service';

/**
 * Stores an accepted lead and what follows from it, inside the caller's transaction: the
 * contact (given in turn to its owner when round-robin is on), the clean-submission count,
 * the lead emails and the contact.created webhooks.
 */
export async function storeLead(
  tem: EntityManager,
  input: TContactSubmit,
  source: 'website' | 'api',
  notifier: Notifier & WebhookNotifier,
) {
  const ownerId = await nextLeadOwner(tem);
  const created = await createContact(tem, { ...input, source, ownerId });
  if (ownerId !== null)
    await recordContactActivity(tem, {
      contactId: created.id,
      type: 'owner_changed',
      actorId: null,
      data: { from: null, to: ownerId, reason: 'round_robin' },
    });
  await countCleanSubmission(tem);
  await queueLeadNotifications(tem, created, notifier);
  // contact.created is for a lead arriving (this form, or an integration's key); the CSV
  // import is a bulk load of known contacts and sends no webhook.
  await queueWebhookEvent(tem, 'contact.created', created, notifier.webhooks);
  return created;
}
