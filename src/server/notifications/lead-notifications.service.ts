import type { EntityManager } from '@mikro-orm/postgresql';
import { MANUAL_SOURCE, type TContact } from '../../shared/contacts.schema';
import {
  renderTemplate,
  type TemplateValues,
  type TNotificationKind,
} from '../../shared/notifications.schema';
import { getNotificationSettings } from './notification-settings.service';
import { renderHtml } from './templates';
import { autoReplyValues } from './auto-reply';
import { queueEmails, type Notifier, type OutboxEmail } from './outbox.service';

/** "website · UTM source: google · UTM campaign: spring": where the lead came from, as known. */
function sourceWithAttribution(contact: TContact): string {
  const parts = [contact.source];
  if (contact.utmSource) parts.push(`UTM source: ${contact.utmSource}`);
  if (contact.utmCampaign) parts.push(`UTM campaign: ${contact.utmCampaign}`);
  return parts.join(' · ');
}

function templateValues(contact: TContact, publicUrl: string): TemplateValues {
  return {
    name: contact.name,
    email: contact.email,
    company: contact.company ?? '-',
    phone: contact.phone ?? '-',
    message: contact.message ?? '',
    source: sourceWithAttribution(contact),
    contactUrl: `${publicUrl}/admin/contacts?contact=${contact.id}`,
  };
}

type Settings = Awaited<ReturnType<typeof getNotificationSettings>>;

/** One email of `kind` rendered from a subject and body template (the subject kept to one line). */
function rendered(
  kind: TNotificationKind,
  to: string,
  subject: string,
  body: string,
  values: TemplateValues,
) {
  return {
    kind,
    to,
    subject: renderTemplate(subject, values)
      .replace(/[\r\n]+/g, ' ')
      .slice(0, 300),
    text: renderTemplate(body, values),
    html: renderHtml(body, values),
  };
}

/** The new-lead alert about `contact` to `to`, from the alert templates. */
export function leadAlertFor(
  contact: TContact,
  settings: Settings,
  notifier: Notifier,
  to: string,
): Omit<OutboxEmail, 'contactId'> {
  const values = templateValues(contact, notifier.publicUrl);
  return rendered('alert', to, settings.alertSubject, settings.alertBody, values);
}

/**
 * Writes the new-lead alerts (one per recipient) and the auto-reply of each contact, rendered
 * now, and enqueues their sending: one insert and one enqueue for them all. Call inside the
 * transaction that stores the contacts: a rollback leaves neither messages nor jobs, a commit
 * keeps both. Without SMTP the messages are kept as not_configured.
 */
export async function queueLeadNotifications(
  em: EntityManager,
  contacts: readonly TContact[],
  notifier: Notifier,
): Promise<void> {
  const settings = await getNotificationSettings(em);
  const messages: OutboxEmail[] = [];
  for (const contact of contacts) {
    for (const to of settings.alertRecipients)
      messages.push({ ...leadAlertFor(contact, settings, notifier, to), contactId: contact.id });
    // A lead entered by hand filled no form: thanking it for one would be wrong.
    if (!settings.autoReplyEnabled || contact.source === MANUAL_SOURCE) continue;
    // The lead's own booking link, while booking is on: they can pick a time straight away.
    const bookingUrl = await notifier.bookingLink?.(em, contact.id);
    const body = bookingUrl
      ? `${settings.autoReplyBody}\n\nPick a time for your strategy call: ${bookingUrl}`
      : settings.autoReplyBody;
    messages.push({
      ...rendered(
        'auto_reply',
        contact.email,
        settings.autoReplySubject,
        body,
        autoReplyValues(contact),
      ),
      contactId: contact.id,
      toVisitor: true,
    });
  }
  await queueEmails(em, messages, notifier);
}
