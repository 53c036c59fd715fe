import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime, updateTime } from '../db/timestamps';

/**
 * A URL that receives signed events (Standard Webhooks). The secret is kept in clear because
 * every delivery is signed with it; the API shows it once, in the answer to its creation.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.integer().primary().autoincrement(),
    url: p.string().length(2000),
    /** The event types it wants (a registration's webhook events: features.ts). */
    events: p.json<string[]>(),
    description: p.string().length(500).nullable(),
    enabled: p.boolean().default(true),
    secret: p.string().length(100).hidden(),
    createdAt: creationTime(),
    updatedAt: updateTime(),
  },
});
export type IWebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
