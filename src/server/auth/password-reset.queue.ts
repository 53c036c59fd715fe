import { defineQueue } from '../jobs/job-queue';

/** What a reset request hands the job. */
export interface PasswordResetJob {
  email: string;
  /** Past the address's hourly allowance: nothing is sent. */
  addressLimited: boolean;
}

/**
 * "Forgot password?" is answered before anything about the address is looked up: the look-up,
 * the link and its email happen in this job, so the answer takes as long for any address. Its
 * data names the address: kept an hour at most.
 */
export const PASSWORD_RESET_QUEUE = defineQueue<PasswordResetJob>('passwordReset', {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retentionSeconds: 3600,
  deleteAfterSeconds: 3600,
});
