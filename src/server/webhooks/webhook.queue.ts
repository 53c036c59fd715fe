import { defineQueue, HEARTBEAT_SECONDS } from '../jobs/job-queue';

/** One attempt at one delivery. */
export interface WebhookJob {
  deliveryId: number;
  /** Index into retryDelays for the retry that follows a failure of this attempt. */
  retry: number;
  /** The delivery's attempt count when the job was queued: a stale duplicate sends nothing. */
  attempt: number;
}

/**
 * A webhook's own retries (WEBHOOK_RETRY_DELAYS) are new jobs sent by the handler; these options
 * cover only a handler that crashed, e.g. the database went away while recording an attempt, or
 * an instance killed mid-delivery.
 */
export const WEBHOOK_QUEUE = defineQueue<WebhookJob>('webhook', {
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 900,
  heartbeatSeconds: HEARTBEAT_SECONDS,
});
