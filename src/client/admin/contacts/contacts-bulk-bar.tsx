import { Download, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { CONTACT_STATUSES } from '../../../shared/contacts.schema';
import { Button } from '../../components/ui/button';
import { OptionSelect } from '../components/option-select';
import { toast } from '../../lib/use-toast';
import { ConfirmDialog } from '../components/confirm-dialog';
import { downloadContactsCsv } from '../lib/download-csv';
import { formatNumber } from '../lib/format';
import { OwnerSelect } from './owner-select';
import { useContactBulk, type BulkTarget } from './use-contact-bulk';
import { optionsOf } from '../components/filter-options';

/**
 * Actions on the selected contacts (or on all matching the filter): status, owner, export,
 * delete after confirmation. `count` is how many the action will touch.
 */
export function ContactsBulkBar({
  count,
  target,
  canSelectAllMatching,
  matching,
  onSelectAllMatching,
  onClear,
}: {
  count: number;
  target: BulkTarget;
  canSelectAllMatching: boolean;
  matching: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  const bulk = useContactBulk(onClear);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const noun = count === 1 ? 'contact' : 'contacts';

  async function exportSelection() {
    const query =
      'ids' in target
        ? { ids: target.ids.join(',') }
        : {
            status: target.filter.status,
            search: target.filter.search,
            ownerId:
              target.filter.ownerId === undefined ? undefined : String(target.filter.ownerId),
          };
    try {
      await downloadContactsCsv(query);
      toast({ title: 'Success', description: `${formatNumber(count)} ${noun} exported` });
    } catch {
      toast({ title: 'Error', description: 'Failed to export contacts', variant: 'destructive' });
    }
  }

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3"
    >
      <p className="mr-1 text-sm font-medium text-indigo-900" aria-live="polite">
        {formatNumber(count)} {noun} selected
      </p>
      {canSelectAllMatching && (
        <Button variant="ghost" size="sm" onClick={onSelectAllMatching}>
          Select all {formatNumber(matching)} matching
        </Button>
      )}
      <div className="flex w-full flex-wrap items-center gap-2 sm:ml-auto sm:w-auto">
        <OptionSelect
          value=""
          label="Set status of the selected contacts"
          placeholder="Set status"
          className="w-36"
          disabled={bulk.isPending}
          options={optionsOf(CONTACT_STATUSES)}
          onChange={(status) => bulk.mutate({ ...target, action: 'set_status', status })}
        />
        <OwnerSelect
          label="Assign the selected contacts"
          placeholder="Assign to"
          disabled={bulk.isPending}
          className="w-40"
          onChange={(ownerId) => bulk.mutate({ ...target, action: 'assign', ownerId })}
        />
        <Button variant="secondary" size="sm" onClick={exportSelection}>
          <Download aria-hidden /> Export
        </Button>
        <Button
          variant="destructive"
          size="sm"
          disabled={bulk.isPending}
          onClick={() => setConfirmDelete(true)}
        >
          <Trash2 aria-hidden /> Delete
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear} aria-label="Clear selection">
          <X aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${formatNumber(count)} ${noun}?`}
        description={`The selected ${noun} and their service inquiries will be permanently deleted. This cannot be undone.`}
        confirmLabel={`Delete ${formatNumber(count)} ${noun}`}
        onConfirm={() => bulk.mutate({ ...target, action: 'delete' })}
      />
    </div>
  );
}
