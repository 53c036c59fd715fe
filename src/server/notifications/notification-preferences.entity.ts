import { defineEntity, p } from '@mikro-orm/core';
import { updateTime } from '../db/timestamps';
import { User } from '../users/user.entity';

/** A user's choice of their own emails; no row means the defaults (everything on). */
export const NotificationPreferences = defineEntity({
  name: 'NotificationPreferences',
  tableName: 'notification_preferences',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    newLeadEmail: p.boolean(),
    taskReminderEmail: p.boolean(),
    updatedAt: updateTime(),
  },
});
