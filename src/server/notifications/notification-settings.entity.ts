import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updateTime } from '../db/timestamps';
import { AUTO_REPLY_HOURLY_LIMIT } from '../../shared/notifications.schema';

/** The one row (id 1) of lead-notification settings, edited on the Notifications screen. */
export const NotificationSettings = defineEntity({
  name: 'NotificationSettings',
  tableName: 'notification_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    alertRecipients: p.json<string[]>(),
    autoReplyEnabled: p.boolean(),
    alertSubject: p.string().length(200),
    alertBody: p.text(),
    autoReplySubject: p.string().length(200),
    autoReplyBody: p.text(),
    autoReplyHourlyLimit: p.integer().default(AUTO_REPLY_HOURLY_LIMIT.default),
    updatedAt: updateTime(),
  },
  checks: [{ name: 'notification_settings_id_check', expression: 'id = 1' }],
});
export type INotificationSettings = InferEntity<typeof NotificationSettings>;
