import type { Feature } from '../feature';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WEBHOOK_QUEUE } from './webhook.queue';
import { eraseDeliveries } from './webhook-erasure.sql';
import { startWebhookWorker } from './webhook-worker';
import { webhookExport } from './webhook-export.sql';

/**
 * Endpoints and their deliveries. The events it delivers are the other features' (each lists its
 * webhook events in its registration; features.ts subscribes them to this feature's queue).
 */
export const webhooksFeature: Feature = {
  name: 'webhooks',
  entities: [WebhookEndpoint, WebhookDelivery],
  queues: [WEBHOOK_QUEUE],
  privacy: { erase: eraseDeliveries, export: [webhookExport] },
  startWorkers: async ({ queue, orm, notifier }) => {
    if (notifier.webhooks) await startWebhookWorker(queue, orm, notifier.webhooks);
  },
};
