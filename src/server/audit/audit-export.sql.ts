import { sql } from 'kysely';
import { tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the audit entries about their contacts and those contacts' bookings. */
export const auditExport: ExportSection = tableSection(
  'auditEntries',
  'audit_log',
  ({ contactIds }) =>
    sql`(r.entity_type = 'contact' and r.entity_id = any(${contactIds.map(String)}::text[]))
      or (r.entity_type = 'booking' and r.entity_id in
            (select b.id::text from bookings b where b.contact_id = any(${contactIds}::int[])))`,
);
