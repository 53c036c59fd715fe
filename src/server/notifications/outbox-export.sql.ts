import { sql } from 'kysely';
import { tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/**
 * A person's export: every email about their contacts or sent to the address, and the
 * reminders of tasks about them (or whose title quotes the address: those name them). The ids
 * are a union, so each branch uses its index (an OR with the tasks' subquery read every message).
 */
export const outboxExport: ExportSection = tableSection(
  'messages',
  'notification_messages',
  ({ email, contactIds }) =>
    sql`r.id in (
      select m.id from notification_messages m where m.contact_id = any(${contactIds}::int[])
      union select m.id from notification_messages m where lower(m."to") = lower(${email})
      union select t.reminder_message_id from tasks t
             where t.contact_id = any(${contactIds}::int[])
                or strpos(lower(t.title), lower(${email})) > 0)`,
);
