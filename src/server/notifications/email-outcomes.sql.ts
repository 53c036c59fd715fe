import type { EntityManager } from '@mikro-orm/postgresql';

/** Marks messages sent at this attempt, in one statement for a whole batch. */
export async function markSent(em: EntityManager, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await em.execute(
    `update notification_messages
        set status = 'sent', sent_at = now(), last_error = null, attempts = attempts + 1
      where id in (?)`,
    [ids],
  );
}
