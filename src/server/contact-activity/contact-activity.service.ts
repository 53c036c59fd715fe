import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TActivityData,
  TNoteActivity,
  TRecordedActivityType,
} from '../../shared/contact-activity.schema';
import { AppError, notFound } from '../errors';
import { contactExists } from '../contacts/contact-lookup.service';
import type { Actor } from '../auth/session';
import { ContactActivity } from './contact-activity.entity';
import { typedSql } from '../db/typed-sql';
import type { EventBus } from '../events/event-bus';

/** One recorded timeline entry: its data typed by its kind (the note's id is its row's). */
export type ActivityRecord = {
  [T in Exclude<TRecordedActivityType, 'note'>]: {
    contactId: number;
    type: T;
    /** Null for the system (round-robin assignment). */
    actorId: number | null;
    data: TActivityData[T];
  };
}[Exclude<TRecordedActivityType, 'note'>];

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
  changed: readonly { id: number; from: unknown }[],
  actorId: number,
): Promise<void> {
  if (!changed.length) return;
  await typedSql(em, [ContactActivity])
    .insertInto('contact_activities')
    .values(
      changed.map((c) => ({
        contact_id: c.id,
        type,
        actor_id: actorId,
        data: { from: c.from, to },
      })),
    )
    .execute();
}

/** A note on a contact by the signed-in user; answers the timeline entry it became. */
export async function addContactNote(
  em: EntityManager,
  contactId: number,
  body: string,
  actor: Pick<Actor, 'userId' | 'username'>,
  events: EventBus,
): Promise<TNoteActivity> {
  if (!(await contactExists(em, contactId))) throw notFound('Contact', contactId);
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
