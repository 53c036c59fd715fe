import type { Feature } from '../feature';
import { queueLeadNotifications } from './lead-notifications.service';
import { NotificationSettings } from './notification-settings.entity';
import { Notification } from './notification.entity';
import { NotificationPreferences } from './notification-preferences.entity';
import { alertNewOwner } from './owner-alert.service';
import { EMAIL_QUEUE } from './email.queue';
import { eraseEmails } from './outbox-erasure.sql';
import { startEmailWorker } from './email-worker';
import { outboxExport } from './outbox-export.sql';

export const notificationsFeature: Feature = {
  name: 'notifications',
  entities: [NotificationSettings, Notification, NotificationPreferences],
  queues: [EMAIL_QUEUE],
  privacy: { erase: eraseEmails, export: [outboxExport] },
  // Sending needs SMTP; without it messages are recorded as not_configured and nothing is queued.
  startWorkers: async ({ queue, orm, notifier }) => {
    if (notifier.mailer) await startEmailWorker(queue, orm, notifier.mailer);
  },
  subscriptions: ({ notifier }) => ({
    // The new-lead alerts and the auto-reply, written and queued with the leads (all of a
    // group commit's in one insert).
    'contact.created': [
      {
        all: (em, events) =>
          queueLeadNotifications(
            em,
            events.map((e) => e.contact),
            notifier,
          ),
      },
    ],
    // A lead round-robin gave someone: its new owner hears of it too. (A booked call's host gets
    // the invitation instead; a person assigning a lead knows whom they gave it.)
    'contact.owner_changed': [
      async (em, { contactId, to, reason }) => {
        if (reason === 'round_robin' && to !== null)
          await alertNewOwner(em, contactId, to, notifier);
      },
    ],
  }),
};
