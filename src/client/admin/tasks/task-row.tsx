import { useState } from 'react';
import { Link } from 'wouter';
import { isOverdue, type TTask } from '../../../shared/tasks.schema';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { CardMenu } from '../components/card-menu';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDateTime } from '../lib/format';
import { TaskDialog } from './task-dialog';
import { useTaskMutations } from './use-tasks';

/**
 * One task: a checkbox marks it done (or open again), its due time turns red once it is overdue,
 * and its menu edits or deletes it. `showContact` links the contact it is about.
 */
export function TaskRow({ task, showContact = true }: { task: TTask; showContact?: boolean }) {
  const { update, remove } = useTaskMutations();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const overdue = isOverdue(task);
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3"
      data-testid="task-row"
    >
      <input
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-indigo-600"
        checked={task.done}
        aria-label={`${task.done ? 'Reopen' : 'Mark done'}: ${task.title}`}
        disabled={update.isPending}
        onChange={() => update.mutate({ id: task.id, done: !task.done })}
      />
      <div className="min-w-0 flex-1">
        <p
          className={`wrap-anywhere font-medium ${task.done ? 'text-slate-500 line-through' : 'text-slate-900'}`}
        >
          {task.title}
        </p>
        <p className="text-sm text-slate-600">
          <span className={overdue ? 'font-semibold text-red-700' : undefined}>
            {overdue ? 'Overdue: ' : 'Due '}
            {formatDateTime(task.dueAt)}
          </span>
          {' · '}
          {task.assignee.name}
          {showContact && task.contact && (
            <>
              {' · '}
              <Link
                href={`/contacts?contact=${task.contact.id}`}
                className="text-primary underline underline-offset-2"
              >
                {task.contact.name}
              </Link>
            </>
          )}
        </p>
      </div>
      <CardMenu label={`Actions for the task ${task.title}`}>
        <DropdownMenuItem onSelect={() => setEditing(true)}>Edit</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setDeleting(true)}>Delete</DropdownMenuItem>
      </CardMenu>
      {editing && <TaskDialog task={task} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this task?"
        description={`“${task.title}” will be deleted and its reminder not sent.`}
        confirmLabel="Delete task"
        onConfirm={() => remove.mutate({ id: task.id })}
      />
    </div>
  );
}
