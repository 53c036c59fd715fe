import { Plus } from 'lucide-react';
import { useCurrentUser } from '../use-current-user';
import { useState } from 'react';
import { TASK_DUE, type TTaskQueryInput } from '../../../shared/tasks.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { FilterSelect } from '../components/filter-select';
import { memberOptions, optionsOf, withAll } from '../components/filter-options';
import { ListPage } from '../components/list-page';
import { LoadMore } from '../components/load-more';
import { useTeam } from '../contacts/use-team';
import { useFilter } from '../lib/use-filter';
import { TaskDialog } from './task-dialog';
import { TaskRow } from './task-row';

const DUE_LABELS = { overdue: 'Overdue', today: 'Due today', upcoming: 'Upcoming' } as const;

/** The team's follow-ups, soonest due first: mine and open by default. */
export function TasksPage() {
  const me = useCurrentUser();
  const myId = me.data?.id;
  const [state, stateControl] = useFilter('open');
  const [due, dueControl] = useFilter('all');
  const [assignee, assigneeControl] = useFilter('me');
  const { assignable } = useTeam();
  const [adding, setAdding] = useState(false);
  const query: TTaskQueryInput = {
    state: state === 'open' || state === 'done' ? state : undefined,
    due: TASK_DUE.find((d) => d === due),
    assigneeId: assignee === 'me' ? myId : assignee === 'all' ? undefined : Number(assignee),
    limit: 50,
  };
  const pages = trpc.admin.tasks.list.useInfiniteQuery(query, {
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: assignee !== 'me' || myId !== undefined,
  });
  const tasks = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = state !== 'all' || due !== 'all' || assignee !== 'all';

  return (
    <>
      <ListPage
        title="Tasks"
        subtitle="Follow-ups for the team, soonest due first"
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Task
          </Button>
        }
        total={{ testId: 'tasks-shown', count: tasks.length, label: 'Shown', noun: 'tasks' }}
        toolbar={
          <>
            <FilterSelect
              label="Filter by state"
              {...stateControl}
              options={[
                { value: 'open', label: 'Open' },
                { value: 'done', label: 'Done' },
                { value: 'all', label: 'Open and done' },
              ]}
            />
            <FilterSelect
              label="Filter by due date"
              {...dueControl}
              options={withAll(
                'Any Due Date',
                optionsOf(TASK_DUE, (d) => DUE_LABELS[d]),
              )}
            />
            <FilterSelect
              label="Filter by assignee"
              {...assigneeControl}
              options={withAll('Everyone', [
                { value: 'me', label: 'Mine' },
                ...memberOptions(assignable),
              ])}
            />
          </>
        }
        query={pages}
        items="tasks"
        filtered={filtered}
        empty={{ title: 'No Tasks Yet', hint: 'Add a task here or from a contact’s details.' }}
        noMatch={{ title: 'No Matching Tasks', hint: 'Nothing to do here: try other filters' }}
      >
        <ul className="space-y-2" aria-label="Tasks">
          {tasks.map((task) => (
            <li key={task.id}>
              <TaskRow task={task} />
            </li>
          ))}
        </ul>
        <LoadMore pages={pages} />
      </ListPage>
      {adding && <TaskDialog defaultAssigneeId={myId} onClose={() => setAdding(false)} />}
    </>
  );
}
