import { Plus } from 'lucide-react';
import { useCurrentUser } from '../use-current-user';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { TaskDialog } from '../tasks/task-dialog';
import { TaskRow } from '../tasks/task-row';

/** A contact's tasks (open first, by due time) and "Add Task" for it. */
export function ContactTasks({
  contact,
  headingLevel = 3,
}: {
  contact: { id: number; name: string };
  /** 2 on the contact's own page, 3 inside its details dialog (under the dialog's title). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tasks = trpc.admin.tasks.list.useQuery({ contactId: contact.id, limit: 50 });
  const me = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const items = [...(tasks.data?.items ?? [])].sort((a, b) => Number(a.done) - Number(b.done));
  return (
    <section aria-labelledby="contact-tasks-heading" className="border-t border-slate-200 pt-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <Heading id="contact-tasks-heading" className="font-semibold text-slate-900">
          Tasks
        </Heading>
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          Add Task
        </Button>
      </div>
      {tasks.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The tasks could not be loaded: {tasks.error.message}
        </p>
      ) : items.length ? (
        <ul className="space-y-2" aria-label={`Tasks about ${contact.name}`}>
          {items.map((task) => (
            <li key={task.id}>
              <TaskRow task={task} showContact={false} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          {tasks.isPending ? 'Loading tasks...' : 'No tasks yet.'}
        </p>
      )}
      {adding && (
        <TaskDialog
          contact={contact}
          defaultAssigneeId={me.data?.id}
          onClose={() => setAdding(false)}
        />
      )}
    </section>
  );
}
