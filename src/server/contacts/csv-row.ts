// One CSV row as a contact: the rules shared by the JSON import (contacts.csv.ts) and the
// streamed import, which runs in a process of its own (so this module stays free of the ORM).
// The columns are the shared list (contact-csv.schema.ts); their table columns: contact-columns.ts.
import {
  CSV_IMPORT_FIELDS,
  REQUIRED_CSV_COLUMNS,
  ZCsvRow,
  type TCsvField,
  type TCsvRow,
} from '../../shared/contact-csv.schema';
import { restoreFormula } from './csv-formula';

/** What an empty cell becomes in a new contact (an upsert keeps what is there instead). */
export const CSV_INSERT_DEFAULTS: Partial<Record<TCsvField, string>> = {
  source: 'csv_import',
  status: 'new',
};

/** Header names compared loosely: ' E-Mail ' is not 'email', but ' Email ' and 'EMAIL' are. */
export const normaliseHeader = (h: string) => h.trim().replace(/\s+/g, '').toLowerCase();

/** Each import field with the header it is read from (a field `jobTitle` from 'jobtitle'). */
const FIELD_HEADERS = CSV_IMPORT_FIELDS.map((field) => [field, normaliseHeader(field)] as const);

/** The required columns a (normalised) header lacks, named as the schema names them. */
export const missingColumns = (header: string[]) =>
  REQUIRED_CSV_COLUMNS.filter((field) => !header.includes(normaliseHeader(field)));

/**
 * The line a record starts on. csv-parse reports the line where a record ends, which for a
 * quoted multi-line message is not the line a person looks for; `raw` also carries any
 * skipped blank lines before the record and its own line break.
 */
export function startLine(endLine: number, raw: string): number {
  const own = raw.replace(/^\n+/, '').replace(/\n$/, '');
  return endLine - (own.match(/\n/g)?.length ?? 0);
}

export interface CsvRecord {
  record: Record<string, string>;
  info: { lines: number };
  raw: string;
}

/** One CSV record as a contact to store, or why it cannot be one ("field: problem, ..."). */
export function parseCsvRow(
  record: Record<string, string>,
): { row: TCsvRow; reason?: undefined } | { row?: undefined; reason: string } {
  const parsed = ZCsvRow.safeParse(
    Object.fromEntries(
      FIELD_HEADERS.map(([field, header]) => [field, restoreFormula(record[header])]),
    ),
  );
  if (parsed.success) return { row: parsed.data };
  return { reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ') };
}
