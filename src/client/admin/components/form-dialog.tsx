import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TitledDialog } from './titled-dialog';
import { showServerFieldErrors } from '../lib/schema-form';
import { EditDialogFooter } from './edit-dialog-footer';
import { Form } from './form';

/** The props of a dialog that edits `T` (named `K`, e.g. `campaign`); mount it with the row's key. */
export type EditDialogProps<K extends string, T> = Record<K, T> & { onClose: () => void };

/** The dialog's words apart from its fields: header, and the submit button's labels. */
export interface FormDialogText {
  title: string;
  description: ReactNode;
  /** The submit button, and what it reads while saving ('Save Changes', 'Saving...' by default). */
  submit?: readonly [label: string, pendingLabel?: string];
}

/**
 * A dialog around one form: title, description, the fields, Cancel and submit. `save` sends the
 * checked values (a tRPC mutateAsync); a refusal's per-field messages land under the fields (the
 * mutation's own toast reports it), a success calls `onSaved` (or closes).
 */
export function FormDialog<In extends FieldValues, Out extends FieldValues, Saved>({
  open = true,
  text: { title, description, submit: submitLabels },
  form,
  mutation,
  save = (values) => mutation!.mutateAsync(values),
  onSaved,
  onClose,
  pending = mutation?.isPending ?? false,
  children,
}: {
  /** Shown while true (a dialog mounted only while open can leave it out). */
  open?: boolean;
  text: FormDialogText;
  form: UseFormReturn<In, unknown, Out>;
  /** The mutation that saves the values as they are (its pending state disables submit)... */
  mutation?: { mutateAsync: (values: Out) => Promise<Saved>; isPending: boolean };
  /** ...or how to save them (e.g. with the edited row's id), with `pending`. */
  save?: (values: Out) => Promise<Saved>;
  onSaved?: (saved: Saved) => void;
  onClose: () => void;
  pending?: boolean;
  children: ReactNode;
}) {
  async function submit(values: Out) {
    let saved: Saved;
    try {
      saved = await save(values);
    } catch (error) {
      showServerFieldErrors(form, error as Parameters<typeof showServerFieldErrors>[1]);
      return;
    }
    if (onSaved) onSaved(saved);
    else onClose();
  }
  return (
    <TitledDialog open={open} onClose={onClose} title={title} description={description}>
      <Form form={form} className="grid gap-4" onSubmit={submit}>
        {children}
        <EditDialogFooter
          pending={pending}
          onCancel={onClose}
          submitLabel={submitLabels?.[0]}
          pendingLabel={submitLabels?.[1]}
        />
      </Form>
    </TitledDialog>
  );
}
