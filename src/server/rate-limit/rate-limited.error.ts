import { RetryLaterError } from '../errors';

/** A 429 that also says when to come back (sent as Retry-After by throttledProcedure). */
export class RateLimitedError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message, retryAfterSeconds);
    this.name = 'RateLimitedError';
  }

  /** "Too many <what>: at most <limit> per hour. Please try again in about <n> minutes." */
  static perHour(what: string, limit: number, retryAfterSeconds: number): RateLimitedError {
    return new RateLimitedError(
      `Too many ${what}: at most ${limit} per hour. Please try again in about ${aboutMinutes(retryAfterSeconds)}.`,
      retryAfterSeconds,
    );
  }
}

export const aboutMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
