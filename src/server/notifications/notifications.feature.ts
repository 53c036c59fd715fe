import type { Feature } from '../feature';
import { NotificationSettings } from './notification-settings.entity';
import { Notification } from './notification.entity';

export const notificationsFeature: Feature = {
  name: 'notifications',
  entities: [NotificationSettings, Notification],
};
