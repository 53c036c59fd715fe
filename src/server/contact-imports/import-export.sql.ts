import { sql } from 'kysely';
import { rowsWhere } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the rejected import lines that quote the address. */
export const importErrorExport: ExportSection = {
  name: 'importErrors',
  table: 'contact_import_errors',
  rows: (em, { email }) =>
    rowsWhere(em, 'contact_import_errors', sql`strpos(lower(r.reason), lower(${email})) > 0`, {
      orderBy: sql`r.contact_import_id, r.line`,
    }),
};
