import { sql } from 'kysely';
import { rowsWhere } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/**
 * A person's export: every email about their contacts or sent to the address, and the
 * reminders of tasks about them (or whose title quotes the address: those name them).
 */
export const outboxExport: ExportSection = {
  name: 'messages',
  table: 'notification_messages',
  rows: (em, { email, contactIds }) =>
    rowsWhere(
      em,
      'notification_messages',
      sql`r.contact_id = any(${contactIds}::int[])
      or lower(r."to") = lower(${email})
      or r.id in (select t.reminder_message_id from tasks t
                   where t.contact_id = any(${contactIds}::int[])
                      or strpos(lower(t.title), lower(${email})) > 0)`,
    ),
};
