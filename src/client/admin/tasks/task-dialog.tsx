import { useState } from 'react';
import { z } from 'zod';
import { ZTaskCreate, type TTask } from '../../../shared/tasks.schema';
import { addDays, instantInZone, wallClockInZone } from '../../../shared/time-zone';
import { Label } from '../../components/ui/label';
import { formFields } from '../components/form';
import { FormDialog } from '../components/form-dialog';
import { OptionSelect } from '../components/option-select';
import { displayTimeZone } from '../lib/display-zone';
import { useSchemaForm } from '../lib/schema-form';
import { useTeam } from '../contacts/use-team';
import { useTaskMutations } from './use-tasks';

/** The form's due time: a datetime-local value in the user's zone, sent as an instant. */
const ZTaskForm = z.object({
  title: ZTaskCreate.shape.title,
  due: z.string().min(1, 'Due date is required'),
});
type TTaskFormInput = z.input<typeof ZTaskForm>;
const { FormField } = formFields<TTaskFormInput>('task');

/** Tomorrow at 9:00 in the user's zone, where a new task lands unless told otherwise. */
function tomorrowMorning(zone: string): string {
  const today = wallClockInZone(new Date(), zone).slice(0, 10);
  return `${addDays(today, 1)}T09:00`;
}

/**
 * Add or edit a task: its title, when it is due (the user's time zone) and who does it. New
 * tasks go to `defaultAssigneeId` (the signed-in user) and, from a contact, are about it.
 */
export function TaskDialog({
  task,
  contact,
  defaultAssigneeId,
  onClose,
}: {
  task?: TTask;
  contact?: { id: number; name: string };
  defaultAssigneeId?: number;
  onClose: () => void;
}) {
  const zone = displayTimeZone();
  const form = useSchemaForm(ZTaskForm, {
    title: task?.title ?? '',
    due: task ? wallClockInZone(new Date(task.dueAt), zone) : tomorrowMorning(zone),
  });
  const { assignable } = useTeam();
  const [assigneeId, setAssigneeId] = useState(task?.assignee.id ?? defaultAssigneeId);
  const { create, update } = useTaskMutations();
  const about = task?.contact ?? contact;
  const save = ({ title, due }: z.output<typeof ZTaskForm>) => {
    const dueAt = instantInZone(due, zone).toISOString();
    if (task) return update.mutateAsync({ id: task.id, title, dueAt, assigneeId });
    return create.mutateAsync({ title, dueAt, assigneeId, contactId: contact?.id });
  };
  return (
    <FormDialog
      text={{
        title: task ? 'Edit Task' : 'Add Task',
        description: about ? `A follow-up about ${about.name}.` : 'A follow-up for the team.',
        ...(task ? {} : { submit: ['Add Task', 'Adding...'] }),
      }}
      form={form}
      save={save}
      pending={create.isPending || update.isPending}
      onClose={onClose}
    >
      <FormField name="title" label="Title" placeholder="Call back about the demo" />
      <FormField name="due" label={`Due (${zone.replaceAll('_', ' ')})`} type="datetime-local" />
      <div>
        <Label htmlFor="task-assignee">Assignee</Label>
        <OptionSelect
          id="task-assignee"
          value={assigneeId === undefined ? '' : String(assigneeId)}
          placeholder="Choose who does it"
          options={assignable.map((m) => ({ value: String(m.id), label: m.name }))}
          onChange={(v) => setAssigneeId(Number(v))}
        />
      </div>
    </FormDialog>
  );
}
