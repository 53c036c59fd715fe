// Tasks: created, listed, changed and deleted here; each change is published, and the timeline,
// the audit and the reminder email follow from the events (tasks.feature.ts, elsewhere).
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type {
  TTask,
  TTaskCreate,
  TTaskPage,
  TTaskQuery,
  TTaskUpdate,
} from '../../shared/tasks.schema';
import { contactExists, contactReference } from '../contacts/contact-lookup.service';
import { addDays, dayInZone, DEFAULT_TIME_ZONE, startOfDayInZone } from '../../shared/time-zone';
import { AppError, notFound } from '../errors';
import type { EventBus } from '../events/event-bus';
import { isBackOfficeUser, userReference } from '../users/user-lookup.service';
import { Task, type ITask } from './task.entity';
import { toTaskView } from './task.view';

/** Only someone who signs in to the back office can take a task. */
async function requireAssignee(em: EntityManager, userId: number): Promise<void> {
  if (!(await isBackOfficeUser(em, userId)))
    throw new AppError(
      'BAD_REQUEST',
      `No active back-office user with id ${userId} (a task goes to someone who signs in)`,
      'assigneeId',
    );
}

const loaded = (em: EntityManager, id: number) =>
  em.findOne(Task, { id }, { populate: ['assignee', 'contact'] });

/** A new task, for `input.assigneeId` or else the caller (`actorId`). */
export async function createTask(
  em: EntityManager,
  input: TTaskCreate,
  actorId: number | null,
  events: EventBus,
): Promise<TTask> {
  const assigneeId = input.assigneeId ?? actorId;
  if (assigneeId === null)
    throw new AppError('BAD_REQUEST', 'A task needs an assignee', 'assigneeId');
  return em.transactional(async (tem) => {
    await requireAssignee(tem, assigneeId);
    const { contactId } = input;
    if (contactId !== undefined && !(await contactExists(tem, contactId)))
      throw new AppError('BAD_REQUEST', `No contact with id ${contactId}`, 'contactId');
    const task = tem.create(Task, {
      title: input.title,
      dueAt: new Date(input.dueAt),
      assignee: userReference(tem, assigneeId),
      contact: contactId === undefined ? null : contactReference(tem, contactId),
      createdBy: actorId === null ? null : userReference(tem, actorId),
      doneAt: null,
      reminderMessageId: null,
    });
    await tem.flush();
    await tem.populate(task, ['assignee', 'contact']);
    const view = toTaskView(task);
    await events.publish(tem, 'task.created', { task: view, actorId });
    return view;
  });
}

/** Changes what `input` sends; publishes task.changed when anything really changed. */
export async function updateTask(
  em: EntityManager,
  input: TTaskUpdate,
  actorId: number,
  events: EventBus,
): Promise<TTask> {
  return em.transactional(async (tem) => {
    const task = await loaded(tem, input.id);
    if (!task) throw notFound('Task', input.id);
    const before = toTaskView(task);
    if (input.assigneeId !== undefined && input.assigneeId !== task.assignee.id) {
      await requireAssignee(tem, input.assigneeId);
      task.assignee = userReference(tem, input.assigneeId);
    }
    if (input.title !== undefined) task.title = input.title;
    if (input.dueAt !== undefined) task.dueAt = new Date(input.dueAt);
    if (input.done !== undefined && input.done !== before.done)
      task.doneAt = input.done ? new Date() : null;
    await tem.flush();
    await tem.populate(task, ['assignee']);
    const after = toTaskView(task);
    const changed =
      after.title !== before.title ||
      after.dueAt !== before.dueAt ||
      after.done !== before.done ||
      after.assignee.id !== before.assignee.id;
    if (changed)
      await events.publish(tem, 'task.changed', {
        task: after,
        before: {
          title: before.title,
          dueAt: before.dueAt,
          done: before.done,
          assigneeId: before.assignee.id,
        },
        actorId,
      });
    return after;
  });
}

export async function deleteTask(
  em: EntityManager,
  id: number,
  actorId: number,
  events: EventBus,
): Promise<void> {
  await em.transactional(async (tem) => {
    const task = await loaded(tem, id);
    if (!task) throw notFound('Task', id);
    await events.publish(tem, 'task.deleting', { task: toTaskView(task), actorId });
    tem.remove(task);
    await tem.flush();
  });
}

export async function getTask(em: EntityManager, id: number): Promise<TTask> {
  const task = await loaded(em, id);
  if (!task) throw notFound('Task', id);
  return toTaskView(task);
}

/** The due filter as a condition at `now`; today is the calendar day of `timeZone`. */
function dueWhere(due: TTaskQuery['due'], now: Date, timeZone: string): FilterQuery<ITask> {
  if (due === 'overdue') return { doneAt: null, dueAt: { $lt: now } };
  if (due === 'upcoming') return { dueAt: { $gte: now } };
  if (due === 'today') {
    const today = dayInZone(now, timeZone);
    const start = startOfDayInZone(today, timeZone);
    const end = startOfDayInZone(addDays(today, 1), timeZone);
    return { dueAt: { $gte: start, $lt: end } };
  }
  return {};
}

/** A page of tasks matching the filters, soonest due first (ties by id), after `cursor`. */
export async function listTasks(
  em: EntityManager,
  query: TTaskQuery,
  { timeZone = DEFAULT_TIME_ZONE, now = new Date() }: { timeZone?: string; now?: Date } = {},
): Promise<TTaskPage> {
  const conditions: FilterQuery<ITask>[] = [dueWhere(query.due, now, timeZone)];
  if (query.assigneeId !== undefined) conditions.push({ assignee: query.assigneeId });
  if (query.contactId !== undefined) conditions.push({ contact: query.contactId });
  if (query.state === 'open') conditions.push({ doneAt: null });
  if (query.state === 'done') conditions.push({ doneAt: { $ne: null } });
  if (query.cursor) {
    // The cursor's time is in ms, the column in µs (a row written in SQL): its whole
    // millisecond counts as "the same time", so the last row is neither repeated nor skipped.
    const [ms, id] = query.cursor.split('.').map(Number) as [number, number];
    const next = new Date(ms + 1);
    conditions.push({
      $or: [
        { dueAt: { $gte: next } },
        { dueAt: { $gte: new Date(ms), $lt: next }, id: { $gt: id } },
      ],
    });
  }
  const rows = await em.find(
    Task,
    { $and: conditions },
    {
      orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
      limit: query.limit + 1,
      populate: ['assignee', 'contact'],
    },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toTaskView),
    nextCursor: rows.length > query.limit && last ? `${last.dueAt.getTime()}.${last.id}` : null,
  };
}

/** Refuses to let a user go who still has open tasks (they would be nobody's). */
export async function refuseWithOpenTasks(em: EntityManager, userId: number): Promise<void> {
  const open = await em.count(Task, { assignee: userId, doneAt: null });
  if (open)
    throw new AppError(
      'CONFLICT',
      `This user has ${open} open ${open === 1 ? 'task' : 'tasks'}: reassign or finish ${open === 1 ? 'it' : 'them'} under Tasks first`,
    );
}
