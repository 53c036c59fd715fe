import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { ZErasureRequest, type TErasureResult } from '../../../shared/privacy.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { FormDialog } from '../components/form-dialog';
import { formFields } from '../components/form';
import { formatNumber } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';
import { useSchemaForm } from '../lib/schema-form';

/** The request, and the address typed again: an erasure cannot be undone. */
const ZEraseForm = ZErasureRequest.extend({ confirm: z.string() }).refine(
  (v) => v.confirm.trim().toLowerCase() === v.email,
  { path: ['confirm'], message: 'Type the address exactly as above to confirm' },
);
type EraseForm = z.input<typeof ZEraseForm>;

const { FormField, FormTextArea } = formFields<EraseForm>('erase');

/** "Erased 1 contact, 3 emails, 2 audit entries" from the counts that are not zero. */
export function erasedSummary({ counts }: Pick<TErasureResult, 'counts'>): string {
  const parts = (
    [
      [counts.contacts, 'contact'],
      [counts.activities, 'timeline entry', 'timeline entries'],
      [counts.messages, 'email'],
      [counts.deliveries, 'webhook delivery', 'webhook deliveries'],
      [counts.bookings, 'booking'],
      [counts.quarantined, 'quarantined submission'],
      [counts.importErrors, 'import error'],
      [counts.auditEntries, 'audit entry', 'audit entries'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${formatNumber(n)} ${n === 1 ? one : (many ?? `${one}s`)}`);
  return parts.length ? `Erased ${parts.join(', ')}` : 'Nothing was left to erase';
}

interface ErasePersonDialogProps {
  /** The address, fixed (from a contact); without it the address is typed. */
  email?: string;
  onClose: () => void;
  onErased?: (result: TErasureResult) => void;
}

/**
 * Erases everything held about an address after the address is typed again. From a contact the
 * address is fixed; from the Privacy screen it is typed.
 */
export function ErasePersonDialog({ email, onClose, onErased }: ErasePersonDialogProps) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(ZEraseForm, { email: email ?? '', reason: '', confirm: '' });
  const erase = trpc.admin.privacy.erase.useMutation({
    onSuccess: (result) => notifySuccess(erasedSummary(result)),
    onError: (error) => notifyError('Failed to erase the data', error),
    onSettled: () => utils.invalidate(),
  });
  return (
    <FormDialog
      text={{
        title: 'Erase This Person?',
        description:
          'Everything held about the address goes for good: its contacts with their timeline, notes, calls (a call still ahead is called off and its host told), tasks and inquiries; emails, webhook deliveries, quarantined submissions and import errors about it. Audit entries keep what was done, with the values erased. The ledger keeps a one-way hash of the address, never the address.',
        submit: ['Erase Permanently', 'Erasing...'],
      }}
      form={form}
      save={({ email: address, reason }) => erase.mutateAsync({ email: address, reason })}
      pending={erase.isPending}
      onSaved={(result) => {
        onClose();
        onErased?.(result);
      }}
      onClose={onClose}
    >
      <FormField
        name="email"
        label="Email address"
        type="email"
        autoComplete="off"
        readOnly={email !== undefined}
      />
      <FormTextArea
        name="reason"
        label="Reason (kept in the ledger and the audit log)"
        rows={2}
        placeholder="Asked by email on 27 November"
      />
      <FormField
        name="confirm"
        label={`Type the address again to confirm`}
        autoComplete="off"
        spellCheck={false}
      />
    </FormDialog>
  );
}

/** "Erase person…" for a contact's address; admins only (the server refuses anyone else). */
export function ErasePersonButton({
  email,
  onErased,
  size,
}: {
  email: string;
  onErased?: () => void;
  size?: 'sm';
}) {
  const me = trpc.auth.me.useQuery();
  const [open, setOpen] = useState(false);
  if (me.data?.role !== 'admin') return null;
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        <Eraser aria-hidden /> Erase person…
      </Button>
      {open && (
        <ErasePersonDialog email={email} onClose={() => setOpen(false)} onErased={onErased} />
      )}
    </>
  );
}
