import { Download, Trash2, Upload, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/use-toast';
import { ConfirmDialog } from '../components/confirm-dialog';
import { downloadContactsCsv } from '../lib/download-csv';
import { formatNumber } from '../lib/format';
import { ContactCreateDialog } from './contact-form-dialogs';
import { ImportCsvDialog } from './import-csv-dialog';
import { useContactMutations, type TContactFilterParams } from './use-contacts';

/**
 * Header actions: Add Contact (by hand), Export CSV (what the list shows), Import CSV, and
 * Delete All (only when contacts exist).
 */
export function ContactsActions({
  total,
  filter,
}: {
  total: number;
  filter: TContactFilterParams;
}) {
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { removeAll } = useContactMutations();

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadContactsCsv({ ...filter });
      toast({ title: 'Success', description: 'Contacts exported successfully' });
    } catch {
      toast({ title: 'Error', description: 'Failed to export contacts', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Button onClick={() => setAdding(true)}>
        <UserPlus aria-hidden />
        Add Contact
      </Button>
      <Button variant="secondary" onClick={exportCsv} disabled={exporting}>
        <Download aria-hidden />
        Export CSV
      </Button>
      <Button variant="secondary" onClick={() => setImporting(true)}>
        <Upload aria-hidden />
        Import CSV
      </Button>
      {total > 0 && (
        <Button
          variant="destructive"
          onClick={() => setConfirmAll(true)}
          disabled={removeAll.isPending}
        >
          <Trash2 aria-hidden />
          Delete All
        </Button>
      )}
      {adding && <ContactCreateDialog onClose={() => setAdding(false)} />}
      <ImportCsvDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Delete all contacts?"
        description={`This will permanently delete all ${formatNumber(total)} contacts and their service inquiries. This action cannot be undone.`}
        confirmLabel={`Delete ${formatNumber(total)} contacts`}
        onConfirm={() => removeAll.mutate()}
      />
    </>
  );
}
