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
import {
  columnsOf,
  headerKey,
  mappedColumns,
  statusFromExport,
  type TImportMapping,
} from '../../shared/import-mapping';
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

/**
 * A record read through a mapping (another CRM's export) as the record parseCsvRow reads: each
 * field from its column, the name joined from its columns, an exported status read as ours
 * (STATUS_TABLE). The record's keys are the header's `headerKey`s; the owner's cell is apart.
 */
export function mappedRecord(
  record: Record<string, string>,
  mapping: TImportMapping,
): { fields: Record<string, string>; owner: string | null } {
  const cell = (column: string) => record[headerKey(column)]?.trim() ?? '';
  const fields: Record<string, string> = {};
  for (const field of CSV_IMPORT_FIELDS) {
    const columns = mappedColumns(mapping, field);
    if (!columns.length) continue;
    const value = columns.map(cell).filter(Boolean).join(' ');
    fields[normaliseHeader(field)] = field === 'status' && value ? statusFromExport(value) : value;
  }
  const [ownerColumn] = mappedColumns(mapping, 'owner');
  return { fields, owner: ownerColumn ? cell(ownerColumn) || null : null };
}

/** The columns a mapping names that a header (as `headerKey`s) lacks. */
export const unknownMappedColumns = (header: string[], mapping: TImportMapping) =>
  columnsOf(mapping).filter((c) => !header.includes(headerKey(c)));
