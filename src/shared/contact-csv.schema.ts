// The columns both CSV imports accept, for the server (which reads and writes them) and the
// import dialog (which lists them): the create schema's fields, plus the status.
import { z } from 'zod';
import { ZContactCreate, ZContactStatus } from './contacts.schema';

/** One CSV row: what a create carries, and a status (any case; blank is `new`). */
export const ZCsvRow = ZContactCreate.extend({
  status: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v || undefined)
    .pipe(ZContactStatus.optional())
    .optional(),
});
export type TCsvRow = z.output<typeof ZCsvRow>;
export type TCsvField = keyof TCsvRow;

/** The columns a CSV import reads and writes, in the schema's order. */
export const CSV_IMPORT_FIELDS = Object.keys(ZCsvRow.shape) as readonly TCsvField[];

/** The columns a file must have: those a row cannot be valid without. */
export const REQUIRED_CSV_COLUMNS = CSV_IMPORT_FIELDS.filter(
  (field) => !ZCsvRow.shape[field].safeParse(undefined).success,
);
