// The reminder of a task: one email to its assignee at its due time, through the outbox (so it is
// sent once, also across a restart). A task done, moved, reassigned or deleted suppresses the
// waiting one, and an open task with a new due time or assignee gets a new one.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TTask } from '../../shared/tasks.schema';
import { textToHtml } from '../notifications/email-text.service';
import { queueEmails, suppressWaitingEmails, type Notifier } from '../notifications/outbox.service';
import { findUser } from '../users/user-lookup.service';
import { wantsEmail } from '../notifications/notification-preferences.service';
import { Task } from './task.entity';

/** The reminder's text: what is due, about whom, and where the tasks are. */
function reminderText(task: TTask, publicUrl: string): string {
  const about = task.contact ? ` (about ${task.contact.name})` : '';
  const contactLink = task.contact
    ? `\n\nThe contact: ${publicUrl}/admin/contacts?contact=${task.contact.id}`
    : '';
  return `Hi ${task.assignee.name},\n\nYour task "${task.title}"${about} is due now.${contactLink}\n\nYour tasks: ${publicUrl}/admin/tasks\n\nConvoza`;
}

/** Queues the reminder of an open task due later; answers its message id (null: none). */
async function queueReminder(
  em: EntityManager,
  task: TTask,
  notifier: Notifier,
  now: number,
): Promise<number | null> {
  if (task.done || Date.parse(task.dueAt) <= now) return null;
  if (!(await wantsEmail(em, task.assignee.id, 'taskReminderEmail'))) return null;
  const assignee = await findUser(em, task.assignee.id);
  if (!assignee) return null;
  const text = reminderText(task, notifier.publicUrl);
  const [id] = await queueEmails(
    em,
    [
      {
        kind: 'task_reminder',
        to: assignee.email,
        subject: `Task due: ${task.title}`.replace(/[\r\n]+/g, ' ').slice(0, 300),
        text,
        html: textToHtml(text),
        // Not filed under the contact: the timeline shows the task itself, not its staff email.
        sendAfter: new Date(task.dueAt),
      },
    ],
    notifier,
  );
  return id ?? null;
}

/** Replaces the task's waiting reminder (if any) with the one its state now calls for. */
export async function rescheduleReminder(
  em: EntityManager,
  task: TTask,
  notifier: Notifier,
  reason: string,
): Promise<void> {
  const row = await em.findOneOrFail(Task, task.id);
  if (row.reminderMessageId != null)
    await suppressWaitingEmails(em, [row.reminderMessageId], reason);
  row.reminderMessageId = await queueReminder(em, task, notifier, Date.now());
  await em.flush();
}

/** Suppresses the reminder of a task being deleted. */
export async function dropReminder(em: EntityManager, taskId: number): Promise<void> {
  const row = await em.findOneOrFail(Task, taskId);
  if (row.reminderMessageId != null)
    await suppressWaitingEmails(em, [row.reminderMessageId], 'The task was deleted');
}

/**
 * Suppresses the waiting reminders of the tasks of contacts being deleted (`all`: every
 * contact): the foreign key deletes the tasks, and their reminders must not be sent.
 */
export async function dropRemindersOfContacts(
  em: EntityManager,
  contactIds: readonly number[] | 'all',
): Promise<void> {
  const tasks = await em.find(
    Task,
    {
      contact: contactIds === 'all' ? { $ne: null } : { $in: [...contactIds] },
      reminderMessageId: { $ne: null },
    },
    { fields: ['reminderMessageId'] },
  );
  await suppressWaitingEmails(
    em,
    tasks.map((t) => t.reminderMessageId!),
    'The contact was deleted',
  );
}

/** What of a change needs a new reminder: done, a new due time or a new assignee. */
export function reminderReason(
  task: TTask,
  before: { dueAt: string; done: boolean; assigneeId: number },
): string | null {
  if (task.done && !before.done) return 'The task was done';
  if (task.dueAt !== before.dueAt) return 'The task was moved';
  if (task.assignee.id !== before.assigneeId) return 'The task was reassigned';
  if (!task.done && before.done) return 'The task was opened again';
  return null;
}
