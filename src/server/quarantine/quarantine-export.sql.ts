import { sql } from 'kysely';
import { tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the held-back submissions given with the address. */
export const quarantineExport: ExportSection = tableSection(
  'quarantined',
  'quarantined_submissions',
  ({ email }) => sql`lower(r.payload->>'email') = lower(${email})`,
);
