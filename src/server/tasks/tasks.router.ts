import { z } from 'zod';
import { ZIdInput } from '../../shared/text.schema';
import { ZTask, ZTaskCreate, ZTaskPage, ZTaskQuery, ZTaskUpdate } from '../../shared/tasks.schema';
import { restRoutes } from '../trpc/rest-meta';
import { adminProcedure, router } from '../trpc/trpc';
import { createTask, deleteTask, getTask, listTasks, updateTask } from './tasks.service';

const rest = restRoutes(['tasks'], 'task');

export const adminTasksRouter = router({
  create: adminProcedure
    .meta(
      rest('POST', '/tasks', 'Create a task (assigned to the caller unless assigneeId is given)', {
        created: true,
        audit: 'create',
        description:
          'The assignee must be an active user who signs in to the back office. At `dueAt` the assignee gets one reminder email.',
      }),
    )
    .input(ZTaskCreate)
    .output(ZTask)
    .mutation(({ ctx, input }) => createTask(ctx.em, input, ctx.actor.userId, ctx.deps.events)),

  list: adminProcedure
    .meta(
      rest('GET', '/tasks', 'Tasks by due time, soonest first, with filters', {
        description:
          '`state`: open or done; `due`: overdue (open and past due), today (due this day in the caller’s time zone, GET /account/time-zone) or upcoming; ' +
          'pages with `limit` and the `nextCursor` of the previous page.',
      }),
    )
    .input(ZTaskQuery)
    .output(ZTaskPage)
    .query(({ ctx, input }) =>
      listTasks(ctx.em, input, { timeZone: ctx.actor.timeZone ?? undefined }),
    ),

  get: adminProcedure
    .meta(rest('GET', '/tasks/{id}', 'One task'))
    .input(ZIdInput)
    .output(ZTask)
    .query(({ ctx, input }) => getTask(ctx.em, input.id)),

  update: adminProcedure
    .meta(rest('PATCH', '/tasks/{id}', 'Change, reassign or mark a task done', { audit: 'update' }))
    .input(ZTaskUpdate)
    .output(ZTask)
    .mutation(({ ctx, input }) => updateTask(ctx.em, input, ctx.actor.userId, ctx.deps.events)),

  delete: adminProcedure
    .meta(rest('DELETE', '/tasks/{id}', 'Delete a task', { audit: 'delete', noContent: true }))
    .input(ZIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteTask(ctx.em, input.id, ctx.actor.userId, ctx.deps.events)),
});
