import { Download } from 'lucide-react';
import type { TImportJob } from '../../../shared/contact-import.schema';

const count = (n: number) => n.toLocaleString('en-US');

/** The percentage of the file read so far (the row count is not known until the end). */
function percent(job: TImportJob): number {
  if (job.status === 'done' || job.status === 'failed') return 100;
  return job.bytesTotal > 0 ? Math.floor((job.bytesProcessed / job.bytesTotal) * 100) : 0;
}

/** A running import's progress bar and row count, then its outcome with the error report. */
export function ImportJobProgress({ job }: { job: TImportJob }) {
  const finished = job.status === 'done' || job.status === 'failed';
  const value = percent(job);
  return (
    <div className="space-y-3" data-testid="import-progress">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${job.status === 'failed' ? 'bg-red-600' : 'bg-primary'}`}
          style={{ width: `${value}%` }}
        />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {job.status === 'queued'
          ? 'Waiting to start…'
          : `${count(job.processed)} rows processed${finished ? '' : '…'}`}
      </p>
      {finished && (
        <div className="space-y-2 text-sm">
          {job.status === 'done' ? (
            <p className="font-medium text-slate-900">
              {count(job.inserted)} imported, {count(job.updated)} updated, {count(job.skipped)}{' '}
              skipped
            </p>
          ) : (
            <p className="font-medium text-red-700">{job.message}</p>
          )}
          {job.errors.length > 0 && (
            <ul className="max-h-32 overflow-auto rounded-lg bg-slate-100 p-3 text-xs text-slate-800">
              {job.errors.slice(0, 20).map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.reason}
                </li>
              ))}
              {job.errorCount > 20 && <li>…and {count(job.errorCount - 20)} more</li>}
            </ul>
          )}
          {job.errorReportUrl && (
            <a
              href={job.errorReportUrl}
              download
              className="inline-flex items-center gap-1.5 font-semibold text-primary hover:underline"
            >
              <Download className="size-4" aria-hidden />
              Download error report ({count(job.errorCount)} rows)
            </a>
          )}
        </div>
      )}
    </div>
  );
}
