import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { createdBefore, quotesAddress } from '../db/person-match.sql';
import { runSql } from '../db/typed-sql';
import type { ErasedPeople } from '../privacy-hooks';
import { deleteEmails } from '../notifications/outbox.service';

/**
 * The tasks' part of a person's erasure: the reminders of tasks about their contacts or whose
 * title quotes the address (filed under no contact, they name it), and those quoting tasks
 * themselves (tasks about their contacts go with the contacts).
 */
export async function eraseTasks(em: EntityManager, who: ErasedPeople) {
  const quoting = sql`${createdBefore(sql`t.created_at`, who.before)} and ${quotesAddress(sql`t.title`, who.addresses)}`;
  const reminders = await runSql(
    em,
    sql<{ id: number }>`select t.reminder_message_id as id from tasks t
      where t.reminder_message_id is not null
        and (t.contact_id = any(${who.contactIds}::int[]) or (${quoting}))`,
  );
  const emails = await deleteEmails(
    em,
    reminders.map((r) => r.id),
  );
  await runSql(em, sql`delete from tasks t where ${quoting}`);
  return emails;
}
