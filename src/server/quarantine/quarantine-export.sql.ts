import { sql } from 'kysely';
import { rowsWhere } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the held-back submissions given with the address. */
export const quarantineExport: ExportSection = {
  name: 'quarantined',
  table: 'quarantined_submissions',
  rows: (em, { email }) =>
    rowsWhere(em, 'quarantined_submissions', sql`lower(r.payload->>'email') = lower(${email})`),
};
