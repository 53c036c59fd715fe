import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../db/typed-sql';
import { Notification } from './notification.entity';

/** Marks messages sent at this attempt, in one statement for a whole batch. */
export async function markSent(em: EntityManager, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await typedSql(em, [Notification])
    .updateTable('notification_messages')
    .set((eb) => ({
      status: 'sent',
      sent_at: sql<string>`now()`,
      last_error: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', ids)
    .execute();
}
