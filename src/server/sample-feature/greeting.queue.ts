import { defineQueue } from '../jobs/job-queue';

/** What a greeting job carries: the greeting to send. */
export interface GreetingJob {
  greetingId: number;
}

/** Sends greetings: retried twice, a second apart. */
export const GREETING_QUEUE = defineQueue<GreetingJob>('sampleGreeting', {
  retryLimit: 2,
  retryDelay: 1,
});
