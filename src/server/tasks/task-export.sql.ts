import { sql } from 'kysely';
import { tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the tasks about their contacts, and those whose title quotes the address. */
export const taskExport: ExportSection = tableSection(
  'tasks',
  'tasks',
  ({ email, contactIds }) =>
    sql`r.contact_id = any(${contactIds}::int[]) or strpos(lower(r.title), lower(${email})) > 0`,
);
