import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';

/** Cancel + submit for the form dialogs; the submit reads 'Saving...' (or pendingLabel) while pending. */
export function EditDialogFooter({
  pending,
  onCancel,
  submitLabel = 'Save Changes',
  pendingLabel = 'Saving...',
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
