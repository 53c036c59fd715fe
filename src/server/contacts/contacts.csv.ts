import { finished } from 'node:stream/promises';
import type { RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TCsvRow } from '../../shared/contact-csv.schema';
import type { TCsvImportResult } from '../../shared/contacts.schema';
import { AppError } from '../errors';
import { Contact, type IContact } from './contact.entity';
import { CONTACT_COLUMNS, IMPORT_COLUMNS } from './contact-columns';
import { mergeContactSearchIndexes } from './contact-search-index.sql';
import { neutraliseFormula, restoreFormula } from './csv-formula';
import {
  CSV_INSERT_DEFAULTS,
  missingColumns,
  normaliseHeader,
  parseCsvRow,
  startLine,
  type CsvRecord,
} from './csv-row';

export { neutraliseFormula, restoreFormula };

/** The export's header row: the contact's fields, in the API's order (nested ones flat). */
export const CSV_COLUMNS = CONTACT_COLUMNS.map((c) => c.field);
const MAX_ROWS = 50_000;
const MAX_REPORTED_ERRORS = 10;

/** Characters parsed (and their rows validated) between two returns to the event loop. */
const PARSE_SLICE = 16 * 1024;

/** A valid row as the contact to insert: every import column, an empty cell as its default. */
const newContact = (row: TCsvRow) =>
  Object.fromEntries(
    IMPORT_COLUMNS.map(({ field, property }) => [
      property,
      row[field] ?? CSV_INSERT_DEFAULTS[field] ?? null,
    ]),
  ) as RequiredEntityData<IContact>;

/**
 * Parses CSV text a slice at a time and gives the event loop back between slices: parsing a
 * 5 MB file in one go blocked every other request for half a second (518 ms, bench/event-loop.ts).
 */
async function parseCsvRecords(
  text: string,
  onHeader: (names: string[]) => void,
  onRecord: (record: CsvRecord) => void,
): Promise<void> {
  let failure: Error | undefined;
  const parser = parse({
    bom: true,
    columns: (names: string[]) => {
      const header = names.map(normaliseHeader);
      onHeader(header);
      return header;
    },
    skip_empty_lines: true,
    info: true,
    raw: true,
    relax_column_count: true,
  });
  parser.on('data', onRecord);
  parser.on('error', (error) => (failure ??= error));
  for (let at = 0; at < text.length && !failure;) {
    let end = Math.min(at + PARSE_SLICE, text.length);
    // Never split a surrogate pair: each half alone would be written as U+FFFD.
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    parser.write(text.slice(at, end));
    at = end;
    await yieldToEventLoop();
  }
  if (failure) throw failure;
  parser.end();
  await finished(parser);
}

/**
 * Imports contacts from CSV text. All or nothing: if any row is invalid nothing is stored and
 * the error lists each bad row by the line number it starts on (line 1 is the header).
 */
export async function importContactsCsv(em: EntityManager, csv: string): Promise<TCsvImportResult> {
  let header: string[] = [];
  let recordCount = 0;
  const rows: TCsvRow[] = [];
  // Rows are validated as they are parsed and only what the answer shows is kept: a file of
  // 10,000 bad rows holds ten messages, not 10,000 parsed records.
  const errors: string[] = [];
  let errorCount = 0;
  const validate = ({ record, info, raw }: CsvRecord) => {
    if (++recordCount > MAX_ROWS) return;
    const parsed = parseCsvRow(record);
    if (parsed.row) return void rows.push(parsed.row);
    if (++errorCount > MAX_REPORTED_ERRORS) return;
    errors.push(`Line ${startLine(info.lines, raw)}: ${parsed.reason}`);
  };
  try {
    // One line-break style first: csv-parse miscounts lines (and raw text) with CRLF files.
    // (The native includes() spares files without a CR the regex pass over megabytes.)
    const text = csv.includes('\r') ? csv.replace(/\r\n?/g, '\n') : csv;
    await parseCsvRecords(text, (names) => (header = names), validate);
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `The file is not valid CSV: ${(error as Error).message}`,
      'csvData',
    );
  }
  const missing = missingColumns(header);
  if (missing.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The CSV header must include the columns: ${missing.join(', ')}`,
      'csvData',
    );
  }
  if (recordCount === 0)
    throw new AppError('BAD_REQUEST', 'The CSV file has no data rows', 'csvData');
  if (recordCount > MAX_ROWS) {
    throw new AppError(
      'BAD_REQUEST',
      `The CSV file has ${recordCount} rows; at most ${MAX_ROWS} can be imported at once`,
      'csvData',
    );
  }
  if (errorCount) {
    const more =
      errorCount > MAX_REPORTED_ERRORS ? `; and ${errorCount - MAX_REPORTED_ERRORS} more` : '';
    throw new AppError(
      'BAD_REQUEST',
      `Nothing was imported: ${errorCount} invalid row(s). ${errors.join('; ')}${more}`,
      'csvData',
    );
  }

  await em.transactional(async (tem) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await tem.insertMany(Contact, rows.slice(i, i + 1000).map(newContact));
    }
    await mergeContactSearchIndexes(tem);
  });
  const noun = rows.length === 1 ? 'contact' : 'contacts';
  return { success: true, imported: rows.length, message: `Imported ${rows.length} ${noun}` };
}

/**
 * One CSV field: formula-neutralised, quoted when it holds a comma, quote or line break
 * (RFC 4180), and also a ';' or tab so ';'-separated locales keep it in one cell.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormula(String(value));
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
