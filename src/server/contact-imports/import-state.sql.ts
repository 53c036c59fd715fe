// The statements of an import run (import-run.ts) on its own pg connections: the run's status
// row, its stored file's pieces, its row errors, and the one transaction its contacts go in.
import type { Pool, PoolClient } from 'pg';
import type { TImportMode } from '../../shared/contact-import.schema';
import type { TImportMapping } from '../../shared/import-mapping';

type Db = Pool | PoolClient;

/** What the run has counted so far (written as progress, and as the result when it ends). */
export interface ImportTally {
  processed: number;
  inserted: number;
  updated: number;
  skipped: number;
  errorCount: number;
  bytesProcessed: number;
  firstErrors: { line: number; reason: string }[];
}

/** Marks a queued import running and answers its mode; undefined if it was not queued. */
export async function claimQueuedImport(
  db: Db,
  importId: string,
): Promise<{ mode: TImportMode; mapping: TImportMapping | null } | undefined> {
  const claimed = await db.query<{ mode: TImportMode; mapping: TImportMapping | null }>(
    `update contact_imports
        set status = 'running', started_at = now(), finished_at = null, bytes_processed = 0,
            processed = 0, inserted = 0, updated = 0, skipped = 0, error_count = 0,
            errors = '[]', failure = null
      where id = $1 and status = 'queued'
      returning mode, mapping`,
    [importId],
  );
  return claimed.rows[0];
}

export async function clearImportErrors(db: Db, importId: string): Promise<void> {
  await db.query(`delete from contact_import_errors where contact_import_id = $1`, [importId]);
}

/** Row errors, each line once (a retried batch may report a line again). */
export async function recordImportErrors(
  db: Db,
  importId: string,
  errors: { line: number; reason: string }[],
): Promise<void> {
  await db.query(
    `insert into contact_import_errors (contact_import_id, line, reason)
     select $1, * from unnest($2::int[], $3::text[]) on conflict do nothing`,
    [importId, errors.map((e) => e.line), errors.map((e) => e.reason)],
  );
}

export async function recordImportProgress(db: Db, importId: string, tally: ImportTally) {
  await db.query(
    `update contact_imports set processed = $2, bytes_processed = $3, error_count = $4,
            skipped = $5 where id = $1`,
    [importId, tally.processed, tally.bytesProcessed, tally.errorCount, tally.skipped],
  );
}

/** The final status and counts; the stored file's pieces are no longer needed. */
export async function finishImport(
  db: Db,
  importId: string,
  status: 'done' | 'failed',
  tally: ImportTally,
  failure: string | null,
): Promise<void> {
  await db.query(
    `update contact_imports
        set status = $2, finished_at = now(), failure = $3, processed = $4, inserted = $5,
            updated = $6, skipped = $7, error_count = $8, errors = $9, bytes_processed = bytes_total
      where id = $1`,
    [
      importId,
      status,
      failure,
      tally.processed,
      tally.inserted,
      tally.updated,
      tally.skipped,
      tally.errorCount,
      JSON.stringify(tally.firstErrors),
    ],
  );
  await db.query(`delete from contact_import_chunks where contact_import_id = $1`, [importId]);
}

/** Piece `seq` of the stored file, or undefined after the last. */
export async function readImportChunk(
  db: Db,
  importId: string,
  seq: number,
): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ data: Buffer }>(
    `select data from contact_import_chunks where contact_import_id = $1 and seq = $2`,
    [importId, seq],
  );
  return rows[0]?.data;
}

/** Transaction control on the run's own connection. */
export const beginTransaction = (client: PoolClient) => client.query('begin');
export const commitTransaction = (client: PoolClient) => client.query('commit');
export const rollbackTransaction = (client: PoolClient) => client.query('rollback');
