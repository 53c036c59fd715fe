import { sql } from 'kysely';
import { exportedRows, jsonRow } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the tasks about their contacts, and those whose title quotes the address. */
export const taskExport: ExportSection = {
  name: 'tasks',
  table: 'tasks',
  rows: (em, { email, contactIds }) =>
    exportedRows(
      em,
      sql`select ${jsonRow('t')} as row from tasks t
           where t.contact_id = any(${contactIds}::int[]) or strpos(lower(t.title), lower(${email})) > 0
           order by t.id`,
    ),
};
