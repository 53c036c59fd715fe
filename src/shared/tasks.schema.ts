// Tasks and follow-ups: "call back Tuesday", assigned to someone who signs in to the back office,
// optionally about a contact, reminded by email when due.
import { z } from 'zod';
import { cursorMatching, ZPageLimit } from './paging.schema';
import { instantText, ZId, ZIsoDate, requiredText } from './text.schema';

export const TASK_TITLE_MAX = 200;
export const TASK_MESSAGES = {
  titleRequired: 'Title is required',
  dueAt: 'dueAt must be an ISO 8601 instant, e.g. 2026-12-01T09:00:00Z',
  nothingToChange: 'Send at least one of: title, dueAt, assigneeId, done',
} as const;

export const TASK_STATES = ['open', 'done'] as const;
/** overdue: open and past due; today: due this day (the caller's time zone); upcoming: due after now. */
export const TASK_DUE = ['overdue', 'today', 'upcoming'] as const;

const ZTitle = requiredText(TASK_MESSAGES.titleRequired, TASK_TITLE_MAX);
const ZDueAt = instantText('dueAt', TASK_MESSAGES.dueAt);
const ZPerson = z.object({ id: z.number().int(), name: z.string() });

export const ZTask = z.object({
  id: z.number().int(),
  title: z.string(),
  dueAt: ZIsoDate,
  assignee: ZPerson,
  /** The contact it is about, when it is about one. */
  contact: ZPerson.optional(),
  done: z.boolean(),
  /** When it was marked done; null while open. */
  doneAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TTask = z.output<typeof ZTask>;

/** POST /tasks: the assignee defaults to the caller. */
export const ZTaskCreate = z.strictObject({
  title: ZTitle,
  dueAt: ZDueAt,
  assigneeId: ZId.optional(),
  contactId: ZId.optional(),
});
export type TTaskCreate = z.output<typeof ZTaskCreate>;

/** PATCH /tasks/{id}: only the keys sent change. */
export const ZTaskUpdate = z
  .strictObject({
    id: ZId,
    title: ZTitle.optional(),
    dueAt: ZDueAt.optional(),
    assigneeId: ZId.optional(),
    done: z.boolean({ error: 'done must be true or false' }).optional(),
  })
  .refine((input) => Object.keys(input).some((key) => key !== 'id'), {
    message: TASK_MESSAGES.nothingToChange,
  });
export type TTaskUpdate = z.output<typeof ZTaskUpdate>;

/** The page cursor: the last task's due time (ms) and id, as nextCursor answered it. */
const TASK_CURSOR = /^\d{1,15}\.\d{1,10}$/;

/** GET /tasks: filters, sorted by dueAt (soonest first), keyset-paged. */
export const ZTaskQuery = z.object({
  assigneeId: ZId.optional(),
  contactId: ZId.optional(),
  state: z
    .enum(TASK_STATES, { error: `state must be one of: ${TASK_STATES.join(', ')}` })
    .optional(),
  due: z.enum(TASK_DUE, { error: `due must be one of: ${TASK_DUE.join(', ')}` }).optional(),
  limit: ZPageLimit,
  cursor: cursorMatching(TASK_CURSOR),
});
export type TTaskQuery = z.output<typeof ZTaskQuery>;
export type TTaskQueryInput = z.input<typeof ZTaskQuery>;

export const ZTaskPage = z.object({ items: z.array(ZTask), nextCursor: z.string().nullable() });
export type TTaskPage = z.output<typeof ZTaskPage>;

/** Whether an open task is past its due time (shown in red). */
export const isOverdue = (task: Pick<TTask, 'done' | 'dueAt'>, now = Date.now()) =>
  !task.done && Date.parse(task.dueAt) < now;
