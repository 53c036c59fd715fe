import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { TASK_TITLE_MAX } from '../../shared/tasks.schema';
import { Contact } from '../contacts/contact.entity';
import { User } from '../users/user.entity';
import { PERSONAL } from '../db/personal-data';

/**
 * A follow-up someone must do by `dueAt`. Its assignee cannot be deleted while it is open (see
 * tasks.feature.ts); deleting its contact deletes it. `reminderMessageId` is the outbox message
 * that reminds the assignee at `dueAt` (suppressed when the task is done, moved or reassigned).
 */
export const Task = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(TASK_TITLE_MAX).groups(PERSONAL),
    dueAt: p.datetime(),
    assignee: () => p.manyToOne(User).deleteRule('restrict'),
    contact: () => p.manyToOne(Contact).nullable().deleteRule('cascade'),
    doneAt: p.datetime().nullable(),
    createdAt: creationTime(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    reminderMessageId: p.integer().nullable(),
  },
  indexes: [
    // My open tasks by due time (My day, the Tasks page), and a contact's tasks.
    { name: 'tasks_assignee_due_index', properties: ['assignee', 'dueAt', 'id'] },
    { name: 'tasks_contact_due_index', properties: ['contact', 'dueAt', 'id'] },
    { name: 'tasks_due_index', properties: ['dueAt', 'id'] },
  ],
});
export type ITask = InferEntity<typeof Task>;
