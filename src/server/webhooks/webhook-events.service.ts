import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact } from '../../shared/contacts.schema';
import type { TWebhookEvent } from '../../shared/webhooks.schema';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { webhookGroup, type WebhookSettings } from './webhook-settings';
import { WEBHOOK_QUEUE } from './webhook.queue';
import { newMessageId } from './webhook-signature';
import { subscribedEndpoints } from './subscribed-endpoints';

/**
 * Writes one delivery per enabled endpoint subscribed to `event`, with the body as it will be
 * sent (`data`: what `about` adds, e.g. the booking, then the contact), and queues the first
 * attempt of each. Call inside the transaction of the change: a
 * rollback leaves neither deliveries nor jobs, a commit keeps both. `contact` may be a read of
 * it, done only when an endpoint wants the event (a lead on a site without webhooks reads
 * nothing more).
 */
export async function queueWebhookEvent(
  em: EntityManager,
  event: TWebhookEvent,
  contact: TContact | (() => Promise<TContact>),
  settings: WebhookSettings | undefined,
  about: Record<string, unknown> = {},
): Promise<void> {
  await queueWebhookData(em, event, settings, async () => {
    const sent = typeof contact === 'function' ? await contact() : contact;
    return { contactId: sent.id, data: { ...about, contact: sent } };
  });
}

/**
 * queueWebhookEvent for several contacts at once (a group commit's leads): `contacts` reads them
 * all, once and only when an endpoint wants the event; one insert, one enqueue.
 */
export function queueWebhookEvents(
  em: EntityManager,
  event: TWebhookEvent,
  contacts: () => Promise<TContact[]>,
  settings: WebhookSettings | undefined,
): Promise<void> {
  return queueWebhookBodies(em, event, settings, async () =>
    (await contacts()).map((sent) => ({ contactId: sent.id, data: { contact: sent } })),
  );
}

interface WebhookBody {
  contactId: number | null;
  data: Record<string, unknown>;
}

/**
 * The same for any body: `body` answers the event's `data` and the contact the deliveries are
 * about (null: about no one contact, e.g. contact.erased), read only when an endpoint wants it.
 */
export function queueWebhookData(
  em: EntityManager,
  event: TWebhookEvent,
  settings: WebhookSettings | undefined,
  body: () => Promise<WebhookBody>,
): Promise<void> {
  return queueWebhookBodies(em, event, settings, async () => [await body()]);
}

/** One delivery per subscribed endpoint and body, written in one flush and queued together. */
async function queueWebhookBodies(
  em: EntityManager,
  event: TWebhookEvent,
  settings: WebhookSettings | undefined,
  bodies: () => Promise<WebhookBody[]>,
): Promise<void> {
  const queue = settings?.queue;
  if (!queue) return;
  const endpoints = (await subscribedEndpoints(em)).filter((e) => e.events.includes(event));
  if (!endpoints.length) return;
  const timestamp = new Date().toISOString();
  const rows = (await bodies()).flatMap(({ contactId, data }) => {
    const payload = JSON.stringify({ type: event, timestamp, data });
    return endpoints.map((endpoint) =>
      em.create(WebhookDelivery, {
        endpoint: em.getReference(WebhookEndpoint, endpoint.id),
        contact: contactId,
        messageId: newMessageId(),
        event,
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
