import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { toast } from '../../lib/use-toast';
import { useContactMutations } from './use-contacts';

/** Spec: the import preview shows the first 100 characters of the file. */
export const CSV_PREVIEW_CHARS = 100;

export function ImportCsvDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [content, setContent] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const { importCsv } = useContactMutations();

  function reset() {
    setContent(null);
    setFileName('');
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    reset();
    if (!file) return;
    if (file.type !== 'text/csv') {
      event.target.value = '';
      toast({
        title: 'Invalid file',
        description: 'Please select a valid CSV file',
        variant: 'destructive',
      });
      return;
    }
    setFileName(file.name);
    setContent(await file.text());
  }

  function upload() {
    if (content === null) return;
    importCsv.mutate(
      { csvData: content },
      {
        onSuccess: (result) => {
          toast({
            title: 'Upload Complete',
            description: result.message || 'Contacts uploaded successfully',
          });
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          toast({
            title: 'Upload Failed',
            description: error.message || 'Failed to upload contacts',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import Contacts from CSV</DialogTitle>
          <DialogDescription>
            The first row holds the headers. Required columns: name, email. Optional: company,
            phone, message, status (new, contacted, qualified, converted). If any row is invalid,
            nothing is imported.
          </DialogDescription>
        </DialogHeader>
        <div>
          <Label htmlFor="csv-file">CSV file</Label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={onFile}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-primary hover:file:bg-indigo-100"
          />
        </div>
        {content !== null && (
          <div>
            <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">
              Preview of {fileName}
            </p>
            <pre
              data-testid="csv-preview"
              className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-100 p-3 text-xs text-slate-800"
            >
              {content.slice(0, CSV_PREVIEW_CHARS)}
              {content.length > CSV_PREVIEW_CHARS ? '…' : ''}
            </pre>
          </div>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={upload} disabled={content === null || importCsv.isPending}>
            <Upload aria-hidden />
            {importCsv.isPending ? 'Importing...' : 'Import Contacts'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
