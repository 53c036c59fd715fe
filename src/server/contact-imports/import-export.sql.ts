import { sql } from 'kysely';
import { tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the rejected import lines that quote the address. */
export const importErrorExport: ExportSection = tableSection(
  'importErrors',
  'contact_import_errors',
  ({ email }) => sql`strpos(lower(r.reason), lower(${email})) > 0`,
  { orderBy: sql`r.contact_import_id, r.line` },
);
