import type { EntityManager } from '@mikro-orm/postgresql';

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
  const [row] = await em.execute<
    {
      message_id: string;
      payload: string;
      url: string;
      secret: string;
      enabled: boolean;
    }[]
  >(
    `update webhook_deliveries d set locked_until = ?
       from webhook_endpoints e
      where d.id = ? and e.id = d.endpoint_id and d.status = 'pending' and d.attempts = ?
        and (d.locked_until is null or d.locked_until < ?)
      returning d.message_id, d.payload, e.url, e.secret, e.enabled`,
    [lockedUntil, id, attempt, now],
  );
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
