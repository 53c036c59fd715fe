import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';

/** Cancel + submit for the edit dialogs; the submit reads 'Saving...' while pending. */
export function EditDialogFooter({
  pending,
  onCancel,
  submitLabel = 'Save Changes',
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </DialogFooter>
  );
}
