import type { Feature } from '../feature';
import { queueLeadNotifications } from './lead-notifications.service';
import { NotificationSettings } from './notification-settings.entity';
import { Notification } from './notification.entity';

export const notificationsFeature: Feature = {
  name: 'notifications',
  entities: [NotificationSettings, Notification],
  subscriptions: ({ notifier }) => ({
    // The new-lead alerts and the auto-reply, written and queued with the lead.
    'contact.created': [(em, { contact }) => queueLeadNotifications(em, contact, notifier)],
  }),
};
