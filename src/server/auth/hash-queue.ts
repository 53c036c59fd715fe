import { WorkGate } from '../http/work-gate';

/**
 * Password hashes (scrypt, ~32 MiB and ~100-300 ms each) run on libuv's small thread pool, which
 * also reads the static files every page needs. Unbounded, 16 parallel sign-ins made the home
 * page take seconds; so at most MAX_RUNNING hashes run at once (the pool keeps threads for
 * files), at most MAX_WAITING wait, and beyond that a sign-in is turned away at once with 503
 * and Retry-After instead of queueing without end.
 */
export const HASH_LIMITS = { maxRunning: 2, maxWaiting: 16, retryAfterSeconds: 2 } as const;

export const BUSY_MESSAGE =
  'The server is busy signing other people in. Please try again in a few seconds.';

const hashes = new WorkGate(HASH_LIMITS, BUSY_MESSAGE);

/** Runs one password hash under the bound above; throws a 503 RetryLaterError when full. */
export const withHashSlot = <T>(hash: () => Promise<T>): Promise<T> => hashes.run(hash);

/** For tests and the bench: how many hashes run and wait right now. */
export const hashQueueState = () => hashes.state();
