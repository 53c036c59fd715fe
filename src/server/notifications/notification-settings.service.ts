import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TNotificationSettings,
  type TNotificationSettingsView,
} from '../../shared/notifications.schema';
import { cachedRead, invalidateShared } from '../db/shared-cache';
import { NotificationSettings, type INotificationSettings } from './notification-settings.entity';

const SETTINGS_ID = 1;

const CACHE_KEY = 'notification_settings';

// Frozen: the cached copy is shared by every request of this instance.
const toView = (row: INotificationSettings): TNotificationSettingsView =>
  Object.freeze({
    alertRecipients: Object.freeze([...row.alertRecipients]) as string[],
    autoReplyEnabled: row.autoReplyEnabled,
    alertSubject: row.alertSubject,
    alertBody: row.alertBody,
    autoReplySubject: row.autoReplySubject,
    autoReplyBody: row.autoReplyBody,
    autoReplyHourlyLimit: row.autoReplyHourlyLimit,
  });

/**
 * The saved settings, or the defaults (no recipients, auto-reply on) until someone saves. Every
 * lead reads them, from the shared cache that a save empties on every instance as it commits.
 */
export function getNotificationSettings(em: EntityManager): Promise<TNotificationSettingsView> {
  return cachedRead(em, CACHE_KEY, async () => {
    const row = await em.findOne(NotificationSettings, SETTINGS_ID, { refresh: true });
    return row ? toView(row) : DEFAULT_NOTIFICATION_SETTINGS;
  });
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
  await invalidateShared(em, CACHE_KEY);
  return getNotificationSettings(em);
}
