import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql, typedSql } from '../db/typed-sql';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** What an attempt sends, read by the claim that makes it this worker's. */
export interface ClaimedDelivery {
  messageId: string;
  payload: string;
  url: string;
  secret: string;
  enabled: boolean;
}

/** One attempt to claim: delivery `id` at its attempt count `attempt` (the job's). */
export interface DeliveryAttempt {
  id: number;
  attempt: number;
}

/**
 * Claims deliveries for one attempt each, in one statement for a worker's whole batch: an
 * atomic update that takes a delivery only while it is still pending, at the attempt its job
 * was queued for, and not claimed by another worker (or that claim ran out). Answers, per
 * attempt in order, what to send with its endpoint's address and secret, or null when not
 * claimed (a second job for the same attempt in the batch gets null too).
 */
export async function claimDeliveries(
  em: EntityManager,
  attempts: readonly DeliveryAttempt[],
  lockedUntil: Date,
  now: Date,
): Promise<(ClaimedDelivery | null)[]> {
  if (!attempts.length) return [];
  const rows = await typedSql(em, [WebhookDelivery, WebhookEndpoint])
    .updateTable('webhook_deliveries as d')
    .from('webhook_endpoints as e')
    .set({ locked_until: lockedUntil })
    .where((eb) =>
      eb(
        eb.refTuple('d.id', 'd.attempts'),
        'in',
        attempts.map((a) => eb.tuple(a.id, a.attempt)),
      ),
    )
    .whereRef('e.id', '=', 'd.endpoint_id')
    .where('d.status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', now.toISOString())]),
    )
    .returning([
      'd.id',
      'd.attempts',
      'd.message_id',
      'd.payload',
      'e.url',
      'e.secret',
      'e.enabled',
    ])
    .execute();
  const claimed = new Map(rows.map((row) => [`${row.id}:${row.attempts}`, row]));
  return attempts.map((a) => {
    const key = `${a.id}:${a.attempt}`;
    const row = claimed.get(key);
    if (!row) return null;
    claimed.delete(key);
    return {
      messageId: row.message_id,
      payload: row.payload,
      url: row.url,
      secret: row.secret,
      enabled: row.enabled,
    };
  });
}

/** A claimed attempt the endpoint accepted. */
export interface SucceededAttempt extends DeliveryAttempt {
  responseStatus: number | null;
  durationMs: number;
}

/**
 * Records attempts the endpoints accepted, in one statement for all of them (the claim made
 * each attempt ours); answers the ids recorded (a delivery whose endpoint was deleted meanwhile
 * is gone, so it is not among them).
 */
export async function recordSucceeded(
  em: EntityManager,
  attempts: readonly SucceededAttempt[],
): Promise<number[]> {
  if (!attempts.length) return [];
  const column = <K extends keyof SucceededAttempt>(key: K) => attempts.map((a) => a[key]);
  const rows = await runSql(
    em,
    sql<{ id: number }>`
      update webhook_deliveries as d
         set attempts = v.attempt + 1, status = 'succeeded', response_status = v.response_status,
             duration_ms = v.duration_ms, locked_until = null, next_attempt_at = null,
             last_error = null
        from unnest(${column('id')}::int[], ${column('attempt')}::int[],
                    ${column('responseStatus')}::int[], ${column('durationMs')}::int[])
             as v(id, attempt, response_status, duration_ms)
       where d.id = v.id
   returning d.id`,
  );
  return rows.map((row) => row.id);
}
