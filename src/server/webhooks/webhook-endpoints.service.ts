import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidateShared } from '../db/shared-cache';
import { SUBSCRIBED_ENDPOINTS_KEY } from './subscribed-endpoints';
import type {
  TWebhookEventType,
  TWebhook,
  TWebhookCreate,
  TWebhookCreated,
  TWebhookUpdate,
} from '../../shared/webhooks.schema';
import { AppError, notFound } from '../errors';
import { isPublicAddress, literalIp } from './network-guard';
import type { WebhookSettings } from './webhook-settings';
import { newWebhookSecret } from './webhook-signature';
import { WebhookEndpoint, type IWebhookEndpoint } from './webhook-endpoint.entity';

export const webhookView = (e: IWebhookEndpoint): TWebhook => ({
  id: e.id,
  url: e.url,
  events: e.events,
  description: e.description ?? null,
  enabled: e.enabled,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

/**
 * Refuses, up front, a URL whose host is a literal loopback/private/reserved IP. Names (even
 * `localhost`) are resolved and checked on every delivery, redirects included (webhook-http.ts).
 */
function checkTarget(url: string, settings: Pick<WebhookSettings, 'allowPrivateNetworks'>) {
  if (settings.allowPrivateNetworks) return;
  const host = new URL(url).hostname;
  const ip = literalIp(host);
  if (ip && !isPublicAddress(ip))
    throw new AppError(
      'BAD_REQUEST',
      `url: ${host} is a loopback, private or reserved address; webhooks go to public addresses only`,
      'url',
    );
}

export async function listWebhooks(em: EntityManager): Promise<TWebhook[]> {
  const rows = await em.find(WebhookEndpoint, {}, { orderBy: { id: 'asc' } });
  return rows.map(webhookView);
}

async function findEndpoint(em: EntityManager, id: number) {
  const endpoint = await em.findOne(WebhookEndpoint, { id });
  if (!endpoint) throw notFound('Webhook', id);
  return endpoint;
}

export async function getWebhook(em: EntityManager, id: number): Promise<TWebhook> {
  return webhookView(await findEndpoint(em, id));
}

/** A new endpoint, enabled, with a fresh secret: the answer is the only place it is shown. */
/** Refuses an event type no feature sends (400 naming `events`). */
function checkEvents(events: readonly string[], known: readonly TWebhookEventType[]): void {
  const unknown = events.find((event) => !known.some((k) => k.type === event));
  if (unknown !== undefined)
    throw new AppError(
      'BAD_REQUEST',
      `events: Unknown event "${unknown}"; use one of ${known.map((k) => k.type).join(', ')}`,
      'events',
    );
}

export async function createWebhook(
  em: EntityManager,
  input: TWebhookCreate,
  settings: Pick<WebhookSettings, 'allowPrivateNetworks'>,
  known: readonly TWebhookEventType[],
): Promise<TWebhookCreated> {
  checkTarget(input.url, settings);
  checkEvents(input.events, known);
  const endpoint = em.create(WebhookEndpoint, {
    url: input.url,
    events: input.events,
    description: input.description,
    enabled: true,
    secret: newWebhookSecret(),
  });
  await em.flush();
  await invalidateShared(em, SUBSCRIBED_ENDPOINTS_KEY);
  return { ...webhookView(endpoint), secret: endpoint.secret };
}

export async function updateWebhook(
  em: EntityManager,
  { id, ...changes }: TWebhookUpdate,
  settings: Pick<WebhookSettings, 'allowPrivateNetworks'>,
  known: readonly TWebhookEventType[],
): Promise<TWebhook> {
  if (changes.events !== undefined) checkEvents(changes.events, known);
  const endpoint = await findEndpoint(em, id);
  if (changes.url !== undefined) {
    checkTarget(changes.url, settings);
    endpoint.url = changes.url;
  }
  if (changes.events !== undefined) endpoint.events = changes.events;
  if (changes.description !== undefined) endpoint.description = changes.description;
  if (changes.enabled !== undefined) endpoint.enabled = changes.enabled;
  await em.flush();
  await invalidateShared(em, SUBSCRIBED_ENDPOINTS_KEY);
  return webhookView(endpoint);
}

/** Deletes the endpoint and its deliveries (foreign key); queued jobs then find nothing to send. */
export async function deleteWebhook(em: EntityManager, id: number): Promise<void> {
  const deleted = await em.nativeDelete(WebhookEndpoint, { id });
  if (deleted === 0) throw notFound('Webhook', id);
  await invalidateShared(em, SUBSCRIBED_ENDPOINTS_KEY);
}
