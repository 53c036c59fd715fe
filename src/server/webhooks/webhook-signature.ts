import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/** A new signing secret: `whsec_` + base64 of a random 32-byte key (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The `webhook-id` of a new delivery; stored, so every attempt carries the same one. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/**
 * `v1,<base64 HMAC-SHA256>` of `{id}.{timestamp}.{body}` with the key after `whsec_`: the
 * `webhook-signature` header. `body` must be the exact text sent.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}
