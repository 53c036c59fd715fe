import { RetryLaterError } from '../errors';

/** A 429 that also says when to come back (sent as Retry-After by throttledProcedure). */
export class RateLimitedError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message, retryAfterSeconds);
    this.name = 'RateLimitedError';
  }
}

export const aboutMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
