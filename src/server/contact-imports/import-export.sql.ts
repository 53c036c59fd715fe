import { sql } from 'kysely';
import { exportedRows, jsonRow } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the rejected import lines that quote the address. */
export const importErrorExport: ExportSection = {
  name: 'importErrors',
  table: 'contact_import_errors',
  rows: (em, { email }) =>
    exportedRows(
      em,
      sql`select ${jsonRow('e')} as row from contact_import_errors e
           where strpos(lower(e.reason), lower(${email})) > 0
           order by e.contact_import_id, e.line`,
    ),
};
