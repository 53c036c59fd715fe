import { z } from 'zod';
import { ZImportMapping } from './import-mapping';
import { ZIsoDate } from './text.schema';

/**
 * How a streamed CSV import treats bad rows and known emails:
 * all_or_nothing stores nothing if any row is invalid; skip_invalid stores the valid rows;
 * upsert is skip_invalid that updates the newest contact with the same email (any case).
 */
export const IMPORT_MODES = ['all_or_nothing', 'skip_invalid', 'upsert'] as const;
export const ZImportMode = z.enum(IMPORT_MODES, {
  error: `Mode must be one of: ${IMPORT_MODES.join(', ')}`,
});
export type TImportMode = z.output<typeof ZImportMode>;

export const IMPORT_MODE_LABELS: Record<TImportMode, string> = {
  all_or_nothing: 'All or nothing',
  skip_invalid: 'Skip invalid rows',
  upsert: 'Update existing emails (upsert)',
};

/** `mapping` travels in the query string as JSON (import-mapping.ts). */
const ZMappingParam = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'mapping must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(ZImportMapping);

export const ZImportQuery = z.object({
  mode: ZImportMode.default('all_or_nothing'),
  mapping: ZMappingParam.optional(),
});

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ZImportStatus = z.enum(IMPORT_STATUSES);

/** How many row errors the job status lists; the error report has them all. */
export const IMPORT_ERRORS_LISTED = 100;

export const ZImportAccepted = z.object({
  jobId: z.uuid(),
  statusUrl: z.string(),
});
export type TImportAccepted = z.output<typeof ZImportAccepted>;

export const ZImportJobInput = z.object({
  jobId: z.uuid({ error: 'jobId must be an import job id (a UUID)' }),
});

export const ZImportRowError = z.object({ line: z.number().int(), reason: z.string() });

export const ZImportJob = z.object({
  jobId: z.uuid(),
  mode: ZImportMode,
  status: ZImportStatus,
  /** Data rows read so far (valid or not). */
  processed: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Invalid rows left out (skip_invalid, upsert); all_or_nothing stores none when any is invalid. */
  skipped: z.number().int(),
  errorCount: z.number().int(),
  /** The first IMPORT_ERRORS_LISTED row errors, by the line the row starts on (line 1 is the header). */
  errors: z.array(ZImportRowError),
  /** The whole list as CSV (line,reason), or null when there are no row errors. */
  errorReportUrl: z.string().nullable(),
  /** Why the job failed, when it did. */
  message: z.string().nullable(),
  bytesTotal: z.number().int(),
  bytesProcessed: z.number().int(),
  createdAt: ZIsoDate,
  finishedAt: ZIsoDate.nullable(),
});
export type TImportJob = z.output<typeof ZImportJob>;
