import { defineQueue, HEARTBEAT_SECONDS } from '../jobs/job-queue';

/** An outbox message to send (outbox.service.ts writes it with its job). */
export interface EmailJob {
  notificationId: number;
}

/**
 * Sending the outbox: a message the SMTP server refuses is retried 4 more times, 5 s to 10 min
 * apart; a killed instance's claim comes back within seconds (the heartbeat).
 */
export const EMAIL_QUEUE = defineQueue<EmailJob>('email', {
  retryLimit: 4,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  heartbeatSeconds: HEARTBEAT_SECONDS,
});
