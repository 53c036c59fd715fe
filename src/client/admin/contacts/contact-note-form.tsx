import { NOTE_MAX_LENGTH, ZNoteCreate } from '../../../shared/contact-activity.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { Form, formFields } from '../components/form';
import { notifyError, notifySuccess } from '../lib/notify';
import { useSchemaForm } from '../lib/schema-form';

const ZNoteForm = ZNoteCreate.omit({ id: true });
const { FormTextArea } = formFields<{ body: string }>('contact');

/** "Add a note" on a contact: checked with the shared schema, then POST /contacts/{id}/notes. */
export function ContactNoteForm({ contactId }: { contactId: number }) {
  const form = useSchemaForm(ZNoteForm, { body: '' });
  const utils = trpc.useUtils();
  const add = trpc.admin.contactActivity.addNote.useMutation({
    onSuccess: () => {
      form.reset();
      notifySuccess('Note added');
    },
    onError: (e) => notifyError('Failed to add note', e),
    onSettled: () => utils.admin.contactActivity.list.invalidate({ id: contactId }),
  });

  return (
    <Form
      form={form}
      className="mb-4 space-y-2"
      onSubmit={({ body }) => add.mutate({ id: contactId, body })}
    >
      <FormTextArea
        name="body"
        id="contact-note"
        label="Add a note"
        hideLabel
        placeholder="Add a note..."
        maxLength={NOTE_MAX_LENGTH + 100}
        className="min-h-20"
      />
      <Button type="submit" size="sm" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Note'}
      </Button>
    </Form>
  );
}
