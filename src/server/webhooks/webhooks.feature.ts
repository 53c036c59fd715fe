import type { Feature } from '../feature';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export const webhooksFeature: Feature = {
  name: 'webhooks',
  entities: [WebhookEndpoint, WebhookDelivery],
};
