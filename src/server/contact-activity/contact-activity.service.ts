import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactActivity, TRecordedActivityType } from '../../shared/contact-activity.schema';
import { AppError, notFound } from '../errors';
import { Contact } from '../contacts/contact.entity';
import type { Actor } from '../auth/session';
import { ContactActivity } from './contact-activity.entity';
import { SQL_ISO_FORMAT } from '../db/sql-format';
import type { EventBus } from '../events/event-bus';

export interface ActivityRecord {
  contactId: number;
  type: TRecordedActivityType;
  /** Null for the system (round-robin assignment). */
  actorId: number | null;
  data: Record<string, unknown>;
}

/** Adds one entry to a contact's timeline, in the caller's transaction. */
export async function recordContactActivity(em: EntityManager, entry: ActivityRecord) {
  return em.insert(ContactActivity, {
    contact: entry.contactId,
    type: entry.type,
    actor: entry.actorId,
    data: entry.data,
    at: new Date(),
  });
}

/** One timeline entry per contact a bulk action changed, in one statement. */
export async function recordBulkActivity(
  em: EntityManager,
  type: 'status_changed' | 'owner_changed',
  to: unknown,
  changed: { id: number; from: unknown }[],
  actorId: number,
): Promise<void> {
  await em.execute(
    `insert into contact_activities (contact_id, type, actor_id, data)
     select c.id, ?, ?, jsonb_build_object('from', c."from", 'to', ?::jsonb)
       from jsonb_to_recordset(?::jsonb) as c(id int, "from" jsonb)`,
    [type, actorId, JSON.stringify(to), JSON.stringify(changed)],
  );
}

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
  const contact = await em.findOne(Contact, { id: contactId }, { fields: ['id'] });
  if (!contact) throw notFound('Contact', contactId);
  const rows = await em.execute<TimelineRow[]>(
    `select id, type, to_char(at at time zone 'utc', ${SQL_ISO_FORMAT}) as at, actor_id, actor_username, data from (
       (select a.type || ':' || a.id as id, a.type, a.at, a.actor_id, u.username as actor_username,
               case when a.type = 'note' then a.data || jsonb_build_object('noteId', a.id) else a.data end as data
          from contact_activities a left join users u on u.id = a.actor_id
         where a.contact_id = ? order by a.at desc, a.id desc limit ?)
       union all
       (select 'created:' || c.id, 'created', c.created_at, null, null, jsonb_build_object('source', c.source)
          from contacts c where c.id = ?)
       union all
       (select 'email:' || m.id, 'email', m.created_at, null, null,
               jsonb_build_object('kind', m.kind, 'to', m."to", 'subject', m.subject, 'status', m.status,
                                  'sentAt', to_char(m.sent_at at time zone 'utc', ${SQL_ISO_FORMAT}))
          from notification_messages m where m.contact_id = ? order by m.created_at desc limit ?)
       union all
       (select 'webhook:' || d.id, 'webhook', d.created_at, null, null,
               jsonb_build_object('event', d.event, 'url', e.url, 'status', d.status, 'attempts', d.attempts,
                                  'responseStatus', d.response_status)
          from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
         where d.contact_id = ? order by d.created_at desc limit ?)
     ) t order by t.at desc, t.id desc limit ?`,
    [contactId, limit, contactId, contactId, limit, contactId, limit, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    at: r.at,
    actor: r.actor_id === null ? null : { id: r.actor_id, username: r.actor_username ?? '' },
    data: r.data,
  }));
}

/** A note on a contact by the signed-in user; answers the timeline entry it became. */
export async function addContactNote(
  em: EntityManager,
  contactId: number,
  body: string,
  actor: Pick<Actor, 'userId' | 'username'>,
  events: EventBus,
): Promise<TContactActivity> {
  const contact = await em.findOne(Contact, { id: contactId }, { fields: ['id'] });
  if (!contact) throw notFound('Contact', contactId);
  const at = new Date();
  const id = await em.insert(ContactActivity, {
    contact: contactId,
    type: 'note',
    actor: actor.userId,
    data: { body },
    at,
  });
  await events.publish(em, 'note.added', { contactId, noteId: Number(id), actorId: actor.userId });
  return {
    id: `note:${String(id)}`,
    type: 'note',
    at: at.toISOString(),
    actor: { id: actor.userId, username: actor.username },
    data: { body, noteId: Number(id) },
  };
}

/** Deletes a note of this contact; only its author or an admin may. */
export async function deleteContactNote(
  em: EntityManager,
  contactId: number,
  noteId: number,
  actor: Pick<Actor, 'userId' | 'role'>,
): Promise<void> {
  const note = await em.findOne(ContactActivity, { id: noteId, contact: contactId, type: 'note' });
  if (!note) throw notFound('Note', noteId);
  if (note.actor?.id !== actor.userId && actor.role !== 'admin')
    throw new AppError('FORBIDDEN', 'Only the author of a note or an admin can delete it');
  await em.nativeDelete(ContactActivity, { id: noteId });
}
