import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { Pool, PoolClient } from 'pg';
import { IMPORT_ERRORS_LISTED, type TImportMode } from '../../shared/contact-import.schema';
import { headerKey, type TImportMapping } from '../../shared/import-mapping';
import {
  mappedRecord,
  missingColumns,
  normaliseHeader,
  parseCsvRow,
  startLine,
  unknownMappedColumns,
  type CsvRecord,
  type TImportRow,
  writeContactBatch,
  mergeTrigramPendingLists,
} from '../contacts/contact-import.service';
import {
  beginTransaction,
  claimQueuedImport,
  clearImportErrors,
  commitTransaction,
  finishImport,
  readImportChunk,
  recordImportErrors,
  recordImportProgress,
  rollbackTransaction,
  type ImportTally,
} from './import-state.sql';
import {
  ABANDONED_IMPORT_MESSAGE,
  failIfRunning,
  holdImportLock,
  releaseImportLock,
} from './import-lock.sql';
import { ownerResolver } from './import-owners.sql';

/** Rows written per statement, and the text they may hold: long messages make smaller batches, so two batches always fit the thread's heap. */
const BATCH_ROWS = 5000;
const BATCH_CHARS = 4_000_000;
/** Progress is written at most this often (ms): a status poll sees it move, the import barely pays. */
const PROGRESS_EVERY_MS = 300;

/**
 * The longest record the parser may hold. Without a bound an unclosed quote made csv-parse buffer
 * the rest of the file as one field (outside the thread's heap limit), and a 90 MB file took the
 * whole server down.
 */
export const MAX_RECORD_BYTES = 1024 * 1024;

/** A problem with the whole file: the job fails with this message, nothing is stored, no retry. */
class FileProblem extends Error {}

/**
 * Runs one queued import: claims it, streams its stored file through the CSV parser, validates
 * each row and writes them in batches. Every contact write and the final status are one
 * transaction, so a crash or a retry never stores a row twice; progress and row errors are
 * written beside it (other connections) so they show while it runs and after a rollback.
 */
export async function runContactImport(pool: Pool, importId: string): Promise<void> {
  const client = await pool.connect();
  try {
    // Held while this import runs; a process that dies lets go of it with its connection, which
    // is how failAbandonedImports tells a dead run from a live one on another instance.
    await holdImportLock(client, importId);
    try {
      await runClaimed(pool, client, importId);
    } finally {
      await releaseImportLock(client, importId);
    }
  } finally {
    client.release();
  }
}

async function runClaimed(pool: Pool, client: PoolClient, importId: string): Promise<void> {
  // Only a queued import starts: one left running by a dead process is failed instead of re-run
  // (a file that crashed a server must not crash it again at every restart).
  const claimed = await claimQueuedImport(pool, importId);
  if (!claimed) {
    await failIfRunning(pool, importId, ABANDONED_IMPORT_MESSAGE);
    return; // finished already (a repeated delivery), deleted, or abandoned (now failed)
  }
  await clearImportErrors(pool, importId);

  const tally: ImportTally = {
    processed: 0,
    inserted: 0,
    updated: 0,
    skipped: 0,
    errorCount: 0,
    bytesProcessed: 0,
    firstErrors: [],
  };
  try {
    await beginTransaction(client);
    let failure: string | null = null;
    try {
      await importRows(pool, client, importId, claimed, tally);
      if (tally.processed === 0) failure = 'The CSV file has no data rows';
      else if (claimed.mode === 'all_or_nothing' && tally.errorCount > 0)
        failure = `Nothing was imported: ${tally.errorCount} invalid row(s)`;
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      failure = error.message;
    }
    if (failure) {
      await rollbackTransaction(client);
      tally.inserted = tally.updated = 0;
      await finishImport(pool, importId, 'failed', tally, failure);
    } else {
      await mergeTrigramPendingLists(client);
      await finishImport(client, importId, 'done', tally, null);
      await commitTransaction(client);
    }
  } catch (error) {
    await rollbackTransaction(client).catch(() => {});
    throw error;
  }
}

async function importRows(
  pool: Pool,
  client: PoolClient,
  importId: string,
  { mode, mapping }: { mode: TImportMode; mapping: TImportMapping | null },
  tally: ImportTally,
): Promise<void> {
  const ownerOf = await ownerResolver(pool, mapping);
  let batch: TImportRow[] = [];
  let batchChars = 0;
  let errors: { line: number; reason: string }[] = [];
  let lastProgress = Date.now();
  /** Where the record being read starts (line 1 is the header), for a record that is too long. */
  let nextRecordLine = 2;
  const flushErrors = async () => {
    if (!errors.length) return;
    await recordImportErrors(pool, importId, errors);
    errors = [];
  };
  // One batch is written while the next is parsed: the database and the parser work at once.
  let writing: Promise<void> = Promise.resolve();
  const flushBatch = async () => {
    await writing;
    // all_or_nothing stops writing at the first bad row but reads on, to report every one.
    if (batch.length && !(mode === 'all_or_nothing' && tally.errorCount > 0)) {
      writing = writeContactBatch(client, batch, mode === 'upsert').then((written) => {
        tally.inserted += written.inserted;
        tally.updated += written.updated;
      });
      writing.catch(() => {}); // awaited at the next flush; this only marks it handled
    }
    batch = [];
    batchChars = 0;
    await flushErrors();
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await recordImportProgress(pool, importId, tally);
    }
  };

  const parser = parse({
    bom: true,
    columns: (names: string[]) => {
      if (mapping) {
        // Another CRM's export: its own header texts, compared loosely.
        const header = names.map(headerKey);
        const unknown = unknownMappedColumns(header, mapping);
        if (unknown.length)
          throw new FileProblem(
            `mapping: the file has no column ${unknown.map((c) => `"${c}"`).join(', ')}`,
          );
        return header;
      }
      const header = names.map(normaliseHeader);
      const missing = missingColumns(header);
      if (missing.length)
        throw new FileProblem(`The CSV header must include the columns: ${missing.join(', ')}`);
      return header;
    },
    skip_empty_lines: true,
    info: true,
    raw: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  try {
    await pipeline(
      Readable.from(fileText(pool, importId, (bytes) => (tally.bytesProcessed += bytes))),
      parser,
      async (records: AsyncIterable<CsvRecord>) => {
        for await (const { record, info, raw } of records) {
          tally.processed++;
          nextRecordLine = info.lines + 1;
          const mapped = mapping ? mappedRecord(record, mapping) : null;
          const parsed = parseCsvRow(mapped?.fields ?? record);
          if (parsed.row) {
            batch.push(mapped ? { ...parsed.row, ownerId: ownerOf(mapped.owner) } : parsed.row);
            batchChars += raw.length;
          } else {
            const error = { line: startLine(info.lines, raw), reason: parsed.reason };
            tally.errorCount++;
            if (mode !== 'all_or_nothing') tally.skipped++;
            if (tally.firstErrors.length < IMPORT_ERRORS_LISTED) tally.firstErrors.push(error);
            errors.push(error);
          }
          if (
            batch.length >= BATCH_ROWS ||
            batchChars >= BATCH_CHARS ||
            errors.length >= BATCH_ROWS
          )
            await flushBatch();
        }
        await flushBatch();
        await writing;
      },
    );
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      throw new FileProblem(
        `Line ${nextRecordLine}: a record is longer than ${MAX_RECORD_BYTES / 1024 ** 2} MB (an unclosed quote?)`,
      );
    // csv-parse's own errors (an unclosed quote...) are about the file, not the server.
    if ((error as { code?: string }).code?.startsWith('CSV_'))
      throw new FileProblem(`The file is not valid CSV: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * The stored file as text, piece by piece: UTF-8 decoded across piece boundaries and with one
 * line-break style (csv-parse miscounts lines, and so the reported line numbers, on CRLF).
 */
async function* fileText(
  pool: Pool,
  importId: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let carriageReturn = false;
  for (let seq = 0; ; seq++) {
    const data = await readImportChunk(pool, importId, seq);
    let text: string;
    try {
      text = data ? decoder.decode(data, { stream: true }) : decoder.decode();
    } catch {
      throw new FileProblem('The file is not UTF-8 CSV text');
    }
    if (carriageReturn) text = `\r${text}`;
    carriageReturn = text.endsWith('\r') && data !== undefined;
    if (carriageReturn) text = text.slice(0, -1);
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    if (text) yield text;
    if (!data) return;
    onBytes(data.length);
  }
}
