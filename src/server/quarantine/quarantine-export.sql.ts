import { sql } from 'kysely';
import { exportedRows, jsonRow } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the held-back submissions given with the address. */
export const quarantineExport: ExportSection = {
  name: 'quarantined',
  table: 'quarantined_submissions',
  rows: (em, { email }) =>
    exportedRows(
      em,
      sql`select ${jsonRow('q')} as row from quarantined_submissions q
           where lower(q.payload->>'email') = lower(${email}) order by q.id`,
    ),
};
