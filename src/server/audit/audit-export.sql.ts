import { sql } from 'kysely';
import { exportedRows, jsonRow } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the audit entries about their contacts and those contacts' bookings. */
export const auditExport: ExportSection = {
  name: 'auditEntries',
  table: 'audit_log',
  rows: (em, { contactIds }) =>
    exportedRows(
      em,
      sql`select ${jsonRow('l')} as row from audit_log l
           where (l.entity_type = 'contact' and l.entity_id = any(${contactIds.map(String)}::text[]))
              or (l.entity_type = 'booking' and l.entity_id in
                    (select b.id::text from bookings b where b.contact_id = any(${contactIds}::int[])))
           order by l.id`,
    ),
};
