// A contact's timeline: one UNION over the tables that record what happened to it (a query the
// unit of work cannot say; each branch reads its own contact_id index).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TContactActivity } from '../../shared/contact-activity.schema';
import { contactExists } from '../contacts/contact-lookup.service';
import { SQL_ISO_FORMAT } from '../db/sql-format';
import { runSql } from '../db/typed-sql';
import { notFound } from '../errors';

interface TimelineRow {
  id: string;
  type: TContactActivity['type'];
  at: string;
  actor_id: number | null;
  actor_username: string | null;
  data: Record<string, unknown>;
}

/**
 * A contact's timeline, newest first: the recorded activities, its creation, and the lead
 * emails and webhook deliveries about it, merged in SQL. Each branch reads its contact_id index
 * and keeps at most `limit` rows, so a contact with thousands of events stays a few index scans.
 */
export async function listContactActivity(
  em: EntityManager,
  contactId: number,
  limit: number,
): Promise<TContactActivity[]> {
  if (!(await contactExists(em, contactId))) throw notFound('Contact', contactId);
  const iso = sql.raw(SQL_ISO_FORMAT);
  // A union of limited, ordered branches: the builder cannot parenthesize them, so it is SQL text.
  const rows = await runSql(
    em,
    sql<TimelineRow>`select id, type, to_char(at at time zone 'utc', ${iso}) as at, actor_id, actor_username, data from (
       (select a.type || ':' || a.id as id, a.type, a.at, a.actor_id, u.username as actor_username,
               case when a.type = 'note' then a.data || jsonb_build_object('noteId', a.id) else a.data end as data
          from contact_activities a left join users u on u.id = a.actor_id
         where a.contact_id = ${contactId} order by a.at desc, a.id desc limit ${limit})
       union all
       (select 'created:' || c.id, 'created', c.created_at, null, null, jsonb_build_object('source', c.source)
          from contacts c where c.id = ${contactId})
       union all
       (select 'email:' || m.id, 'email', m.created_at, null, null,
               jsonb_build_object('kind', m.kind, 'to', m."to", 'subject', m.subject, 'status', m.status,
                                  'sentAt', to_char(m.sent_at at time zone 'utc', ${iso}))
          from notification_messages m where m.contact_id = ${contactId} order by m.created_at desc limit ${limit})
       union all
       (select 'webhook:' || d.id, 'webhook', d.created_at, null, null,
               jsonb_build_object('event', d.event, 'url', e.url, 'status', d.status, 'attempts', d.attempts,
                                  'responseStatus', d.response_status)
          from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
         where d.contact_id = ${contactId} order by d.created_at desc limit ${limit})
     ) t order by t.at desc, t.id desc limit ${limit}`,
  );
  // Each branch builds its kind's data (ACTIVITY_DATA in the shared schema); the procedure's
  // output schema checks every entry against it.
  return rows.map(
    (r) =>
      ({
        id: r.id,
        type: r.type,
        at: r.at,
        actor: r.actor_id === null ? null : { id: r.actor_id, username: r.actor_username ?? '' },
        data: r.data,
      }) as TContactActivity,
  );
}
