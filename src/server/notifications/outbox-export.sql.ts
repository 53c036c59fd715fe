import { sql } from 'kysely';
import { exportedRows, jsonRow } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/**
 * A person's export: every email about their contacts or sent to the address, and the
 * reminders of tasks about them (or whose title quotes the address: those name them).
 */
export const outboxExport: ExportSection = {
  name: 'messages',
  table: 'notification_messages',
  rows: (em, { email, contactIds }) =>
    exportedRows(
      em,
      sql`select ${jsonRow('m')} as row from notification_messages m
           where m.contact_id = any(${contactIds}::int[]) or lower(m."to") = lower(${email})
              or m.id in (select t.reminder_message_id from tasks t
                           where t.contact_id = any(${contactIds}::int[])
                              or strpos(lower(t.title), lower(${email})) > 0)
           order by m.id`,
    ),
};
