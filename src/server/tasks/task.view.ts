import { displayName } from '../../shared/users.schema';
import type { TTask } from '../../shared/tasks.schema';
import type { ITask } from './task.entity';

/** What the wire carries of a task (its assignee and contact populated). */
export function toTaskView(task: ITask): TTask {
  const { assignee, contact } = task;
  return {
    id: task.id,
    title: task.title,
    dueAt: task.dueAt.toISOString(),
    assignee: { id: assignee.id, name: displayName(assignee) },
    ...(contact ? { contact: { id: contact.id, name: contact.name } } : {}),
    done: task.doneAt !== null && task.doneAt !== undefined,
    doneAt: task.doneAt ? task.doneAt.toISOString() : null,
    createdAt: task.createdAt.toISOString(),
  };
}
