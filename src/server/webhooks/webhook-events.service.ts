import type { EntityManager } from '@mikro-orm/postgresql';
import { webhookBody } from '../../shared/webhooks.schema';
import type { WebhookBodyData, WebhookEvent } from '../feature';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { webhookGroup, type WebhookSettings } from './webhook-settings';
import { WEBHOOK_QUEUE } from './webhook.queue';
import { newMessageId } from './webhook-signature';
import { subscribedEndpoints } from './subscribed-endpoints';

/**
 * Writes one delivery per enabled endpoint subscribed to `event`'s type and body, with the body
 * as it will be sent (checked against the type's schema: a body that breaks its contract fails
 * the change rather than reach a receiver), and queues the first attempt of each, in one flush
 * and one enqueue. Call inside the transaction of the change: a rollback leaves neither
 * deliveries nor jobs. `bodies` is read only when an endpoint wants the type (a lead on a site
 * without webhooks reads nothing more).
 */
export async function queueWebhookBodies(
  em: EntityManager,
  event: Pick<WebhookEvent, 'type' | 'data'>,
  settings: WebhookSettings | undefined,
  bodies: () => Promise<WebhookBodyData[]>,
): Promise<void> {
  const queue = settings?.queue;
  if (!queue) return;
  const endpoints = (await subscribedEndpoints(em)).filter((e) => e.events.includes(event.type));
  if (!endpoints.length) return;
  const timestamp = new Date().toISOString();
  const schema = webhookBody(event.type, event.data);
  const rows = (await bodies()).flatMap(({ contactId, data }) => {
    const payload = JSON.stringify(schema.parse({ type: event.type, timestamp, data }));
    return endpoints.map((endpoint) =>
      em.create(WebhookDelivery, {
        endpoint: em.getReference(WebhookEndpoint, endpoint.id),
        contact: contactId,
        messageId: newMessageId(),
        event: event.type,
        payload,
      }),
    );
  });
  if (!rows.length) return;
  await em.flush();
  await queue.sendManyInTransaction(
    em,
    WEBHOOK_QUEUE,
    rows.map((row) => ({
      data: { deliveryId: row.id, retry: 0, attempt: 0 },
      group: webhookGroup(row.endpoint.id),
    })),
  );
}
