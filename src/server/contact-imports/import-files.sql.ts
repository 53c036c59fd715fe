// The stored upload of an import: its row while uploading, the file's pieces, and its row
// errors read back for the report. Plain pg statements on the pool: an upload streams for as
// long as the client sends, outside any unit of work.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { TImportMode } from '../../shared/contact-import.schema';
import type { TImportMapping } from '../../shared/import-mapping';
import { typedSql } from '../db/typed-sql';
import { ContactImport } from './contact-import.entity';

export async function createUploadingImport(
  pool: Pool,
  jobId: string,
  mode: TImportMode,
  mapping: TImportMapping | undefined,
  createdById: number,
): Promise<void> {
  await pool.query(
    `insert into contact_imports (id, mode, mapping, status, created_by_id)
     values ($1, $2, $3, 'uploading', $4)`,
    [jobId, mode, mapping ? JSON.stringify(mapping) : null, createdById],
  );
}

export async function storeImportChunk(
  pool: Pool,
  jobId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await pool.query(
    `insert into contact_import_chunks (contact_import_id, seq, data) values ($1, $2, $3)`,
    [jobId, seq, data],
  );
}

/** Drops an upload that was refused or cut off, with its pieces. */
export async function deleteImport(pool: Pool, jobId: string): Promise<void> {
  await pool.query(`delete from contact_imports where id = $1`, [jobId]);
}

/** The upload is complete: the import waits for a worker (in `em`'s transaction, with its job). */
export async function markImportQueued(em: EntityManager, jobId: string, bytes: number) {
  await typedSql(em, [ContactImport])
    .updateTable('contact_imports')
    .set({ status: 'queued', bytes_total: bytes })
    .where('id', '=', jobId)
    .execute();
}

/** Whether the import exists and its upload finished. */
export async function importExists(pool: Pool, jobId: string): Promise<boolean> {
  const found = await pool.query(
    `select 1 from contact_imports where id = $1 and status <> 'uploading'`,
    [jobId],
  );
  return Boolean(found.rowCount);
}

/** Up to 1,000 row errors after line `after`, in line order (keyset paging). */
export async function importErrorsAfter(
  pool: Pool,
  jobId: string,
  after: number,
): Promise<{ line: number; reason: string }[]> {
  const { rows } = await pool.query<{ line: number; reason: string }>(
    `select line, reason from contact_import_errors
      where contact_import_id = $1 and line > $2 order by line limit 1000`,
    [jobId, after],
  );
  return rows;
}
