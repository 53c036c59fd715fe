import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../db/typed-sql';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** What an attempt sends, read by the claim that makes it this worker's. */
interface ClaimedDelivery {
  messageId: string;
  payload: string;
  url: string;
  secret: string;
  enabled: boolean;
}

/**
 * Claims a delivery for one attempt: an atomic update that succeeds only while it is still
 * pending, at attempt `attempt`, and not claimed by another worker (or its claim ran out), and
 * answers what to send with its endpoint's address and secret; null when not claimed.
 */
export async function claimDelivery(
  em: EntityManager,
  id: number,
  attempt: number,
  lockedUntil: Date,
  now: Date,
): Promise<ClaimedDelivery | null> {
  const row = await typedSql(em, [WebhookDelivery, WebhookEndpoint])
    .updateTable('webhook_deliveries as d')
    .from('webhook_endpoints as e')
    .set({ locked_until: lockedUntil })
    .where('d.id', '=', id)
    .whereRef('e.id', '=', 'd.endpoint_id')
    .where('d.status', '=', 'pending')
    .where('d.attempts', '=', attempt)
    .where((eb) =>
      eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', now.toISOString())]),
    )
    .returning(['d.message_id', 'd.payload', 'e.url', 'e.secret', 'e.enabled'])
    .executeTakeFirst();
  return row
    ? {
        messageId: row.message_id,
        payload: row.payload,
        url: row.url,
        secret: row.secret,
        enabled: row.enabled,
      }
    : null;
}
