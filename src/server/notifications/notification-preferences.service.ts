// Each user's say over the emails that come to them personally: a lead routed to them, a task of
// theirs falling due. The fixed alert recipients (Notifications settings) are not affected.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type TNotificationPreferences,
} from '../../shared/notifications.schema';
import { userReference } from '../users/user-lookup.service';
import { NotificationPreferences } from './notification-preferences.entity';

export async function getNotificationPreferences(
  em: EntityManager,
  userId: number,
): Promise<TNotificationPreferences> {
  const row = await em.findOne(NotificationPreferences, { user: userId });
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return { newLeadEmail: row.newLeadEmail, taskReminderEmail: row.taskReminderEmail };
}

export async function setNotificationPreferences(
  em: EntityManager,
  userId: number,
  preferences: TNotificationPreferences,
): Promise<TNotificationPreferences> {
  await em.upsert(NotificationPreferences, {
    user: userReference(em, userId),
    ...preferences,
    updatedAt: new Date(),
  });
  return getNotificationPreferences(em, userId);
}

/** Whether `userId` wants the email of this kind (yes unless they turned it off). */
export async function wantsEmail(
  em: EntityManager,
  userId: number,
  kind: keyof TNotificationPreferences,
): Promise<boolean> {
  return (await getNotificationPreferences(em, userId))[kind];
}
