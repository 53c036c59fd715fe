import { sql } from 'kysely';
import { rowsWhere } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the tasks about their contacts, and those whose title quotes the address. */
export const taskExport: ExportSection = {
  name: 'tasks',
  table: 'tasks',
  rows: (em, { email, contactIds }) =>
    rowsWhere(
      em,
      'tasks',
      sql`r.contact_id = any(${contactIds}::int[])
      or strpos(lower(r.title), lower(${email})) > 0`,
    ),
};
