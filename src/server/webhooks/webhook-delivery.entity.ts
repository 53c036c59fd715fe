import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { WEBHOOK_DELIVERY_STATUSES } from '../../shared/webhooks.schema';
import { Contact } from '../contacts/contact.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { PERSONAL } from '../db/personal-data';

/**
 * One event for one endpoint, written in the transaction of the change it reports, with the
 * exact body to send (the contact as it was then). `messageId` is the `webhook-id` header, the
 * same on every attempt. `lockedUntil` is the claim of the attempt in flight, so two workers
 * (or a manual retry racing a scheduled one) never send it at the same time.
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.integer().primary().autoincrement(),
    endpoint: () =>
      p.manyToOne(WebhookEndpoint).fieldName('endpoint_id').deleteRule('cascade').index(),
    /** The contact the event is about (its timeline lists the delivery); null once deleted. */
    contact: () => p.manyToOne(Contact).nullable().deleteRule('set null').index(),
    messageId: p.string().length(40).unique(),
    /** Its event type: any a feature declares (features.ts), so a new one needs no migration. */
    event: p.text(),
    payload: p.text().groups(PERSONAL),
    status: p.enum(WEBHOOK_DELIVERY_STATUSES).default('pending'),
    attempts: p.integer().default(0),
    responseStatus: p.integer().nullable(),
    durationMs: p.integer().nullable(),
    lastError: p.string().length(1000).nullable(),
    nextAttemptAt: p.datetime().nullable(),
    lockedUntil: p.datetime().nullable(),
    createdAt: creationTime(),
  },
  // The sidebar's count of failed deliveries reads only these (few) rows.
  indexes: [
    {
      name: 'webhook_deliveries_failed_index',
      expression:
        'create index "webhook_deliveries_failed_index" on "webhook_deliveries" ("endpoint_id") where "status" = \'failed\'',
    },
  ],
});
export type IWebhookDelivery = InferEntity<typeof WebhookDelivery>;
