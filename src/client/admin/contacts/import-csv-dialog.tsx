import { Upload } from 'lucide-react';
import { useEffect, useState, type ChangeEvent } from 'react';
import {
  IMPORT_MODE_LABELS,
  IMPORT_MODES,
  type TImportAccepted,
  type TImportJob,
  type TImportMode,
} from '../../../shared/contact-import.schema';
import { headerColumns, proposeMapping, type TImportMapping } from '../../../shared/import-mapping';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { TitledDialog } from '../components/titled-dialog';
import { Label } from '../../components/ui/label';
import { EnumSelect } from '../components/form';
import { errorMessage, throwIfNotOk } from '../../lib/api-request';
import { trpc } from '../../lib/trpc';
import { toast } from '../../lib/use-toast';
import { ImportJobProgress } from './import-job-progress';
import { ImportMappingFields, mapsRequired } from './import-mapping-fields';
import { useContactMutations } from './use-contacts';

/** The product (docs/PRODUCT.md): the import preview shows the first 100 characters of the file. */
export const CSV_PREVIEW_CHARS = 100;

const MODE_HELP: Record<TImportMode, string> = {
  all_or_nothing: 'If any row is invalid, nothing is imported.',
  skip_invalid: 'Valid rows are imported; invalid ones are listed in the error report.',
  upsert:
    'Rows whose email is already a contact update it; new emails are added; invalid rows are skipped.',
};

/** How much of the file is read for its header (the rest goes to the server unread). */
const HEADER_BYTES = 64 * 1024;

const finished = (job: TImportJob | undefined) =>
  job?.status === 'done' || job?.status === 'failed';

/** Sends the file as it is (streamed by the browser) and returns the job to follow. */
async function uploadCsv(
  file: File,
  mode: TImportMode,
  mapping: TImportMapping,
): Promise<TImportAccepted> {
  const query = new URLSearchParams({ mode, mapping: JSON.stringify(mapping) });
  const res = await fetch(`/api/contacts/import?${query}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'text/csv' },
    body: file,
  });
  await throwIfNotOk(res);
  return (await res.json()) as TImportAccepted;
}

function outcomeToast(job: TImportJob) {
  if (job.status === 'failed') {
    const first = job.errors[0];
    toast({
      title: 'Upload Failed',
      description:
        [job.message, first && `Line ${first.line}: ${first.reason}`].filter(Boolean).join('. ') ||
        'Failed to upload contacts',
      variant: 'destructive',
    });
    return;
  }
  const parts = [`Imported ${job.inserted} ${job.inserted === 1 ? 'contact' : 'contacts'}`];
  if (job.updated) parts.push(`updated ${job.updated}`);
  if (job.skipped) parts.push(`skipped ${job.skipped} invalid`);
  toast({ title: 'Upload Complete', description: parts.join(', ') });
}

export function ImportCsvDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<TImportMapping>({});
  const [mode, setMode] = useState<TImportMode>('all_or_nothing');
  const [jobId, setJobId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { refresh } = useContactMutations();
  const job = trpc.admin.contacts.importStatus.useQuery(
    { jobId: jobId ?? '' },
    {
      enabled: jobId !== null,
      refetchInterval: (query) => (finished(query.state.data) ? false : 500),
    },
  ).data;

  useEffect(() => {
    if (!job || !finished(job)) return;
    outcomeToast(job);
    void refresh();
    // A clean import closes the dialog; otherwise it stays open on the errors and the report.
    if (job.status === 'done' && job.errorCount === 0) close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per finished job
  }, [job?.jobId, job?.status]);

  function reset() {
    setFile(null);
    setPreview(null);
    setColumns([]);
    setMapping({});
    setJobId(null);
    setUploading(false);
  }

  function close() {
    reset();
    onOpenChange(false);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    reset();
    if (!picked) return;
    if (picked.type !== 'text/csv') {
      event.target.value = '';
      toast({
        title: 'Invalid file',
        description: 'Please select a valid CSV file',
        variant: 'destructive',
      });
      return;
    }
    setFile(picked);
    // Only the start is read, for the preview and the header: the file itself goes to the server
    // as a stream.
    const start = await picked.slice(0, HEADER_BYTES).text();
    const header = headerColumns(start.split(/\r?\n/, 1)[0] ?? '');
    setPreview(start.slice(0, CSV_PREVIEW_CHARS * 4));
    setColumns(header);
    setMapping(proposeMapping(header));
  }

  async function upload() {
    if (!file) return;
    setUploading(true);
    try {
      setJobId((await uploadCsv(file, mode, mapping)).jobId);
    } catch (error) {
      toast({
        title: 'Upload Failed',
        description: errorMessage(error, 'Failed to upload contacts'),
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  }

  const running = uploading || (jobId !== null && !finished(job));
  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      onClose={close}
      title="Import Contacts from CSV"
      description={
        <>
          The first row holds the headers: exports of HubSpot, Pipedrive, Salesforce and Zoho are
          recognised, and you choose the column of each field. {MODE_HELP[mode]}
        </>
      }
    >
      <div>
        <Label htmlFor="csv-file">CSV file</Label>
        <input
          id="csv-file"
          type="file"
          accept=".csv,text/csv"
          onChange={onFile}
          disabled={running}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-primary hover:file:bg-indigo-100"
        />
      </div>
      <EnumSelect
        id="import-mode"
        label="Mode"
        value={mode}
        options={IMPORT_MODES}
        optionLabel={(m) => IMPORT_MODE_LABELS[m]}
        onChange={setMode}
        disabled={running}
      />
      {preview !== null && file && (
        <div>
          <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">
            Preview of {file.name}
          </p>
          <pre
            data-testid="csv-preview"
            className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-100 p-3 text-xs text-slate-800"
          >
            {preview.slice(0, CSV_PREVIEW_CHARS)}
            {file.size > CSV_PREVIEW_CHARS ? '…' : ''}
          </pre>
        </div>
      )}
      {file && columns.length > 0 && (
        <ImportMappingFields
          columns={columns}
          mapping={mapping}
          onChange={setMapping}
          disabled={running}
        />
      )}
      {job && <ImportJobProgress job={job} />}
      <DialogFooter>
        <Button variant="secondary" onClick={close}>
          {jobId ? 'Done' : 'Cancel'}
        </Button>
        <Button
          onClick={upload}
          disabled={preview === null || !mapsRequired(mapping) || running || finished(job)}
        >
          <Upload aria-hidden />
          {running ? 'Importing...' : 'Import Contacts'}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
