import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TitledDialog } from './titled-dialog';
import { showServerFieldErrors } from '../lib/schema-form';
import { EditDialogFooter } from './edit-dialog-footer';
import { Form } from './form';

/**
 * A dialog around one form: title, description, the fields, Cancel and submit. `save` sends the
 * checked values (a tRPC mutateAsync); a refusal's per-field messages land under the fields (the
 * mutation's own toast reports it), a success calls `onSaved` (or closes).
 */
export function FormDialog<In extends FieldValues, Out extends FieldValues, Saved>({
  open = true,
  title,
  description,
  form,
  idPrefix,
  save,
  onSaved,
  onClose,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  /** Shown while true (a dialog mounted only while open can leave it out). */
  open?: boolean;
  title: string;
  description: ReactNode;
  form: UseFormReturn<In, unknown, Out>;
  idPrefix: string;
  save: (values: Out) => Promise<Saved>;
  onSaved?: (saved: Saved) => void;
  onClose: () => void;
  pending: boolean;
  submitLabel?: string;
  pendingLabel?: string;
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
      <Form form={form} idPrefix={idPrefix} className="grid gap-4" onSubmit={submit}>
        {children}
        <EditDialogFooter
          pending={pending}
          onCancel={onClose}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
        />
      </Form>
    </TitledDialog>
  );
}
