import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TNotificationSettings,
  type TNotificationSettingsView,
} from '../../shared/notifications.schema';
import { NotificationSettings, type INotificationSettings } from './notification-settings.entity';

const SETTINGS_ID = 1;

const toView = (row: INotificationSettings): TNotificationSettingsView => ({
  alertRecipients: row.alertRecipients,
  autoReplyEnabled: row.autoReplyEnabled,
  alertSubject: row.alertSubject,
  alertBody: row.alertBody,
  autoReplySubject: row.autoReplySubject,
  autoReplyBody: row.autoReplyBody,
  autoReplyHourlyLimit: row.autoReplyHourlyLimit,
});

/** The saved settings, or the defaults (no recipients, auto-reply on) until someone saves. */
export async function getNotificationSettings(
  em: EntityManager,
): Promise<TNotificationSettingsView> {
  const row = await em.findOne(NotificationSettings, SETTINGS_ID, { refresh: true });
  return row ? toView(row) : DEFAULT_NOTIFICATION_SETTINGS;
}

export async function updateNotificationSettings(
  em: EntityManager,
  input: TNotificationSettings,
): Promise<TNotificationSettingsView> {
  // Recipients compare case-insensitively: one address is one recipient.
  const recipients = [...new Map(input.alertRecipients.map((r) => [r.toLowerCase(), r])).values()];
  const autoReplyHourlyLimit =
    input.autoReplyHourlyLimit ?? (await getNotificationSettings(em)).autoReplyHourlyLimit;
  await em.upsert(
    NotificationSettings,
    {
      id: SETTINGS_ID,
      ...input,
      alertRecipients: recipients,
      autoReplyHourlyLimit,
      updatedAt: new Date(),
    },
    { onConflictFields: ['id'], onConflictAction: 'merge' },
  );
  return getNotificationSettings(em);
}
