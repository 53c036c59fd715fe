import { z } from 'zod';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import {
  ZWebhook,
  ZWebhookCreate,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookDeliveryFind,
  ZWebhookDeliveryRetry,
  ZWebhookEventType,
  ZWebhookUpdate,
} from '../../shared/webhooks.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { countFailedDeliveries, listDeliveries, retryDelivery } from './webhook-deliveries.service';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  updateWebhook,
} from './webhook-endpoints.service';
import { restRoutes } from '../trpc/rest-meta';
import type { AppDeps } from '../app-deps';
import { WEBHOOK_TIMEOUT_MS, type WebhookSettings } from './webhook-settings';

const rest = restRoutes(['webhooks'], 'webhook');
const NO_WEBHOOKS: WebhookSettings = {
  retryDelays: [],
  allowPrivateNetworks: false,
  timeoutMs: WEBHOOK_TIMEOUT_MS,
};

/** What an endpoint's URL and events are checked against: the network guard, the event types. */
const endpointRules = (deps: AppDeps) =>
  [deps.notifier.webhooks ?? NO_WEBHOOKS, deps.webhookEvents] as const;

export const adminWebhooksRouter = router({
  events: adminProcedure
    .meta(
      rest(
        'GET',
        '/webhooks/events',
        'The event types an endpoint may subscribe to (each body is described under webhooks in /api/openapi.json)',
      ),
    )
    .input(z.void())
    .output(z.array(ZWebhookEventType))
    .query(({ ctx }) =>
      ctx.deps.webhookEvents.map(({ type, label, version }) => ({ type, label, version })),
    ),

  list: adminProcedure
    .meta(rest('GET', '/webhooks', 'Every webhook endpoint'))
    .input(z.void())
    .output(z.array(ZWebhook))
    .query(({ ctx }) => listWebhooks(ctx.em)),

  failedCount: adminProcedure
    .meta(
      rest(
        'GET',
        '/webhooks/deliveries/failed-count',
        'How many deliveries used up every retry, across endpoints (a retry takes one off)',
      ),
    )
    .input(z.void())
    .output(z.object({ failed: z.number().int() }))
    .query(async ({ ctx }) => ({ failed: await countFailedDeliveries(ctx.em) })),

  get: adminProcedure
    .meta(rest('GET', '/webhooks/{id}', 'One endpoint'))
    .input(ZIdInput)
    .output(ZWebhook)
    .query(({ ctx, input }) => getWebhook(ctx.em, input.id)),

  create: adminProcedure
    .meta(
      rest(
        'POST',
        '/webhooks',
        'Add an endpoint; the answer carries its signing secret, shown only this once',
        {
          audit: 'create',
          description:
            'Events: those of GET /webhooks/events. Each delivery is a POST of `{ type, timestamp, data }`, `data` as the event type declares it (webhooks in this document), ' +
            'signed per Standard Webhooks: headers webhook-id, webhook-timestamp and webhook-signature ' +
            '(`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the base64 part of the secret after `whsec_`).',
        },
      ),
    )
    .input(ZWebhookCreate)
    .output(ZWebhookCreated)
    .mutation(({ ctx, input }) => createWebhook(ctx.em, input, ...endpointRules(ctx.deps))),

  update: adminProcedure
    .meta(
      rest(
        'PATCH',
        '/webhooks/{id}',
        'Change the URL, events, description or enabled switch of an endpoint',
        { audit: 'update' },
      ),
    )
    .input(ZWebhookUpdate)
    .output(ZWebhook)
    .mutation(({ ctx, input }) => updateWebhook(ctx.em, input, ...endpointRules(ctx.deps))),

  delete: adminProcedure
    .meta(
      rest('DELETE', '/webhooks/{id}', 'Delete an endpoint and its delivery history', {
        audit: 'delete',
      }),
    )
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteWebhook(ctx.em, input.id);
      return { success: true, message: 'Webhook deleted' };
    }),

  deliveries: adminProcedure
    .meta(
      rest(
        'GET',
        '/webhooks/{id}/deliveries',
        "An endpoint's deliveries, newest first, with attempts and the last error",
      ),
    )
    .input(ZWebhookDeliveryFind)
    .output(z.array(ZWebhookDelivery))
    .query(({ ctx, input }) => listDeliveries(ctx.em, input)),

  retryDelivery: adminProcedure
    .meta(
      rest(
        'POST',
        '/webhooks/{id}/deliveries/{deliveryId}/retry',
        'Send a failed delivery again (same webhook-id, full retry schedule)',
        { audit: 'retry_delivery' },
      ),
    )
    .input(ZWebhookDeliveryRetry)
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) =>
      retryDelivery(ctx.em, input.id, input.deliveryId, ctx.deps.notifier.webhooks),
    ),
});
