import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobQueue } from '../jobs/job-queue';
import { WEBHOOK_QUEUE, type WebhookJob } from './webhook.queue';

/** A delivery attempt that has no answer after this long counts as failed (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How the app sends webhooks; built once at start-up from the config (see server.ts). */
export interface WebhookSettings {
  /** The job queue; without it (tests that do not start one) no event is queued. */
  queue?: JobQueue;
  /** Seconds before each retry (WEBHOOK_RETRY_DELAYS); after the last, the delivery is failed. */
  retryDelays: number[];
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: lets targets on loopback and private networks through. */
  allowPrivateNetworks: boolean;
  /** Per attempt, redirects included. */
  timeoutMs: number;
}

/** What the contact services need to report changes: the notifier of the app deps carries it. */
export interface WebhookNotifier {
  webhooks?: WebhookSettings;
}

/** The job of the `webhook` queue: one attempt at one delivery. */

/**
 * Queues one attempt at a delivery in `em`'s transaction. Attempts are grouped by endpoint, so
 * one endpoint that hangs or is slow holds only its own group's workers (webhook-worker.ts).
 */
/** The queue group of an endpoint's attempts: at most 2 of them run at once (webhook-worker.ts). */
export const webhookGroup = (endpointId: number) => `endpoint-${endpointId}`;

export function queueWebhookAttempt(
  em: EntityManager,
  queue: JobQueue,
  endpointId: number,
  job: WebhookJob,
  startAfter?: Date,
): Promise<void> {
  return queue.sendInTransaction(em, WEBHOOK_QUEUE, job, {
    group: webhookGroup(endpointId),
    ...(startAfter ? { startAfter } : {}),
  });
}
