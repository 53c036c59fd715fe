import type { Feature } from '../feature';
import { Task } from './task.entity';
import { seedDemoTasks } from './tasks.demo';
import {
  dropReminder,
  dropRemindersOfContacts,
  reminderReason,
  rescheduleReminder,
} from './task-reminders.service';
import { refuseWithOpenTasks } from './tasks.service';
import { followUpMissedCall } from './missed-call-follow-up';
import { eraseTasks } from './task-erasure.sql';
import { taskExport } from './task-export.sql';

/**
 * Tasks and their reminder emails; a missed call's follow-up; a user with open tasks cannot be
 * deleted.
 */
export const tasksFeature: Feature = {
  name: 'tasks',
  entities: [Task],
  privacy: { erase: eraseTasks, export: [taskExport] },
  seedDemo: seedDemoTasks,
  subscriptions: ({ notifier, events }) => ({
    'task.created': [(em, { task }) => rescheduleReminder(em, task, notifier, 'Replaced')],
    'task.changed': [
      async (em, { task, before }) => {
        const reason = reminderReason(task, before);
        if (reason) await rescheduleReminder(em, task, notifier, reason);
      },
    ],
    'task.deleting': [(em, { task }) => dropReminder(em, task.id)],
    'contacts.deleting': [(em, { contactIds }) => dropRemindersOfContacts(em, contactIds)],
    'booking.outcome_recorded': [(em, event) => followUpMissedCall(em, event, events)],
    'user.deleting': [(em, { userId }) => refuseWithOpenTasks(em, userId)],
  }),
};
