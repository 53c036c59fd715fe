import { z } from 'zod';
import { ZId, ZIsoDate, optionalText, requiredText } from './text.schema';

/**
 * An event type an endpoint can subscribe to (Standard Webhooks), as GET /webhooks/events lists
 * it. The types are declared by the features that send them (their registrations, with the
 * body's schema); none is listed here.
 */
export const ZWebhookEventType = z.object({
  type: z.string().describe('e.g. contact.created'),
  label: z.string(),
  /** Raised when the body changes in a way a receiver must know of. */
  version: z.number().int(),
});
export type TWebhookEventType = z.output<typeof ZWebhookEventType>;

/** An event type's name: a word, a dot, a word (`contact.created`). */
const ZWebhookEventName = z
  .string({ error: 'An event is its name, e.g. contact.created' })
  .regex(/^[a-z][a-z_]*\.[a-z][a-z_]*$/, 'An event is its name, e.g. contact.created');

/**
 * The body every delivery carries: `type`, the instant it happened (ISO 8601) and the event's
 * own `data`, whose schema its type declares.
 */
export const webhookBody = <Type extends string, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), timestamp: ZIsoDate, data });

/** pending: waiting for its first attempt or a retry; failed: every retry used up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

const ZWebhookUrl = requiredText('URL is required', 2000).refine(
  isHttpUrl,
  'Must be an http:// or https:// URL',
);

/** The events an endpoint subscribes to (the server checks each is a type it sends). */
const ZWebhookEvents = z
  .array(ZWebhookEventName, { error: 'events must be a list of event names' })
  .min(1, 'Choose at least one event')
  .max(50, 'Too many events')
  .transform((events) => [...new Set(events)]);

// A union of literals, not z.boolean(): the REST layer would coerce 'yes' to true.
const ZEnabled = z.union([z.literal(true), z.literal(false)], {
  error: 'enabled must be true or false',
});

export const ZWebhookCreate = z.strictObject({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  description: optionalText(500),
});
export type TWebhookCreateInput = z.input<typeof ZWebhookCreate>;
export type TWebhookCreate = z.output<typeof ZWebhookCreate>;

/** PATCH: only the fields sent change (a missing description stays; null or blank clears it). */
export const ZWebhookUpdate = z.strictObject({
  id: ZId,
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  description: optionalText(500).optional(),
  enabled: ZEnabled.optional(),
});
export type TWebhookUpdate = z.output<typeof ZWebhookUpdate>;

/** An endpoint as every read shows it: never its secret. */
export const ZWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TWebhook = z.output<typeof ZWebhook>;

/** The answer to POST /webhooks: the only time the signing secret is shown. */
export const ZWebhookCreated = ZWebhook.extend({
  secret: z.string().describe('whsec_ + base64 key; shown only here'),
});
export type TWebhookCreated = z.output<typeof ZWebhookCreated>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  /** The `webhook-id` header: the same on every attempt, so the receiver can drop a repeat. */
  messageId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TWebhookDelivery = z.output<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryFind = z.object({
  id: ZId,
  /** Deliveries older than this id (keyset paging, newest first). */
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TWebhookDeliveryFind = z.output<typeof ZWebhookDeliveryFind>;

export const ZWebhookDeliveryRetry = z.strictObject({ id: ZId, deliveryId: ZId });
