// The outbox's part of a person's erasure: every email to them or about their contacts, and
// those about no contact that quote their address; with the emails' queued jobs, so none is sent.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { createdBefore, quotesAddress } from '../db/person-match.sql';
import { runSql } from '../db/typed-sql';
import { deleteJobs } from '../jobs/job-rows.sql';
import type { ErasedPeople } from '../privacy-hooks';
import { EMAIL_QUEUE } from './email.queue';

/** Deletes these outbox messages and their jobs; answers how many of each. */
export async function deleteEmails(
  em: EntityManager,
  ids: readonly number[],
): Promise<{ messages: number; jobs: number }> {
  if (!ids.length) return { messages: 0, jobs: 0 };
  const gone = await runSql(
    em,
    sql<{
      id: number;
    }>`delete from notification_messages where id = any(${ids}::int[]) returning id`,
  );
  const deleted = gone.map((r) => r.id);
  return {
    messages: deleted.length,
    jobs: await deleteJobs(em, EMAIL_QUEUE, 'notificationId', deleted),
  };
}

export async function eraseEmails(em: EntityManager, who: ErasedPeople) {
  const about = await runSql(
    em,
    sql<{ id: number }>`select m.id from notification_messages m
      where m.contact_id = any(${who.contactIds}::int[])
         or (${createdBefore(sql`m.created_at`, who.before)}
             and (lower(m."to") = any(${who.addresses}::text[])
                  or (m.contact_id is null
                      and ${quotesAddress(sql`m.subject || ' ' || m.text`, who.addresses)})))`,
  );
  return deleteEmails(
    em,
    about.map((r) => r.id),
  );
}
