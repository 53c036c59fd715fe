import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TNotificationSettings,
} from '../../shared/notifications.schema';
import { NotificationSettings, type INotificationSettings } from './notification-settings.entity';

const SETTINGS_ID = 1;

const toView = (row: INotificationSettings): TNotificationSettings => ({
  alertRecipients: row.alertRecipients,
  autoReplyEnabled: row.autoReplyEnabled,
  alertSubject: row.alertSubject,
  alertBody: row.alertBody,
  autoReplySubject: row.autoReplySubject,
  autoReplyBody: row.autoReplyBody,
});

/** The saved settings, or the defaults (no recipients, auto-reply on) until someone saves. */
export async function getNotificationSettings(em: EntityManager): Promise<TNotificationSettings> {
  const row = await em.findOne(NotificationSettings, SETTINGS_ID, { refresh: true });
  return row ? toView(row) : DEFAULT_NOTIFICATION_SETTINGS;
}

export async function updateNotificationSettings(
  em: EntityManager,
  input: TNotificationSettings,
): Promise<TNotificationSettings> {
  // Recipients compare case-insensitively: one address is one recipient.
  const recipients = [...new Map(input.alertRecipients.map((r) => [r.toLowerCase(), r])).values()];
  await em.upsert(
    NotificationSettings,
    { id: SETTINGS_ID, ...input, alertRecipients: recipients, updatedAt: new Date() },
    { onConflictFields: ['id'], onConflictAction: 'merge' },
  );
  return getNotificationSettings(em);
}
