import { useState, type FormEvent } from 'react';
import { NOTE_MAX_LENGTH, ZNoteCreate } from '../../../shared/contact-activity.schema';
import { Button } from '../../components/ui/button';
import { FIELD_CLASS } from '../../components/ui/control-styles';
import { FieldError } from '../../components/ui/field-error';
import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess } from '../lib/notify';

/** "Add a note" on a contact: checked with the shared schema, then POST /contacts/{id}/notes. */
export function ContactNoteForm({ contactId }: { contactId: number }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const utils = trpc.useUtils();
  const add = trpc.admin.contactActivity.addNote.useMutation({
    onSuccess: () => {
      setBody('');
      notifySuccess('Note added');
    },
    onError: (e) => notifyError('Failed to add note', e),
    onSettled: () => utils.admin.contactActivity.list.invalidate({ id: contactId }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZNoteCreate.safeParse({ id: contactId, body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} className="mb-4 space-y-2" noValidate>
      <label htmlFor="contact-note" className="sr-only">
        Add a note
      </label>
      <textarea
        id="contact-note"
        className={`${FIELD_CLASS} min-h-20`}
        placeholder="Add a note..."
        value={body}
        maxLength={NOTE_MAX_LENGTH + 100}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'contact-note-error' : undefined}
        onChange={(e) => setBody(e.target.value)}
      />
      <FieldError id="contact-note-error" message={error} />
      <Button type="submit" size="sm" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Note'}
      </Button>
    </form>
  );
}
