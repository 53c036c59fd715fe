import type { Feature } from '../feature';
import { queueWebhookEvent } from './webhook-events.service';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export const webhooksFeature: Feature = {
  name: 'webhooks',
  entities: [WebhookEndpoint, WebhookDelivery],
  subscriptions: ({ notifier }) => ({
    // contact.created is for a lead arriving (the form, an integration's key, a release from
    // quarantine); an import or an admin's own contact sends none.
    'contact.created': [
      (em, { contact, lead }) =>
        lead
          ? queueWebhookEvent(em, 'contact.created', contact, notifier.webhooks)
          : Promise.resolve(),
    ],
    'contact.status_changed': [
      (em, { contact }) =>
        queueWebhookEvent(em, 'contact.status_changed', contact, notifier.webhooks),
    ],
  }),
};
