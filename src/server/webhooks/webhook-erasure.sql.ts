// The webhooks' part of a person's erasure: deliveries about their contacts or quoting their
// address, with their queued jobs (a downstream system hears of it by contact.erased).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { createdBefore, quotesAddress } from '../db/person-match.sql';
import { runSql } from '../db/typed-sql';
import { deleteJobs } from '../jobs/job-rows.sql';
import type { ErasedPeople } from '../privacy-hooks';
import { WEBHOOK_QUEUE } from './webhook.queue';

export async function eraseDeliveries(em: EntityManager, who: ErasedPeople) {
  const gone = await runSql(
    em,
    sql<{ id: number }>`delete from webhook_deliveries d
      where d.contact_id = any(${who.contactIds}::int[])
         or (d.contact_id is null and ${createdBefore(sql`d.created_at`, who.before)}
             and ${quotesAddress(sql`d.payload`, who.addresses)})
      returning d.id`,
  );
  const ids = gone.map((r) => r.id);
  return { deliveries: ids.length, jobs: await deleteJobs(em, WEBHOOK_QUEUE, 'deliveryId', ids) };
}
