import { RetryLaterError } from '../errors';

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

let running = 0;
const waiting: (() => void)[] = [];

/** Runs one password hash under the bound above; throws a 503 RetryLaterError when full. */
export async function withHashSlot<T>(hash: () => Promise<T>): Promise<T> {
  if (running >= HASH_LIMITS.maxRunning) {
    if (waiting.length >= HASH_LIMITS.maxWaiting)
      throw new RetryLaterError('SERVICE_UNAVAILABLE', BUSY_MESSAGE, HASH_LIMITS.retryAfterSeconds);
    await new Promise<void>((turn) => waiting.push(turn));
  } else running++;
  try {
    return await hash();
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** For tests and the bench: how many hashes run and wait right now. */
export function hashQueueState() {
  return { running, waiting: waiting.length };
}
