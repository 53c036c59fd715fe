// Password hashing cannot be used as a lever against the server: at most two hashes run, a few
// wait, and the rest of a sign-in flood is turned away at once with 503 + Retry-After (attack
// finding 3). The home page's latency under such a flood: bench/signin-flood.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { RetryLaterError } from '../errors';
import { TEST_PASSWORD } from '../test-app';
import { useTestApp } from '../test/use-test-app';
import { createUser } from '../users/users.service';
import { BUSY_MESSAGE, HASH_LIMITS, hashQueueState, withHashSlot } from './hash-queue';

describe('withHashSlot', () => {
  it('runs two at a time, queues sixteen in order, and refuses the rest at once with 503', async () => {
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const job = (i: number) =>
      withHashSlot(
        () =>
          new Promise<number>((done) => {
            started.push(i);
            releases.push(() => done(i));
          }),
      );
    const accepted = Array.from(
      { length: HASH_LIMITS.maxRunning + HASH_LIMITS.maxWaiting },
      (_, i) => job(i),
    );
    expect(hashQueueState()).toEqual({ running: 2, waiting: 16 });
    const refused = await job(99).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: BUSY_MESSAGE,
      retryAfterSeconds: HASH_LIMITS.retryAfterSeconds,
    });
    while (releases.length) {
      releases.shift()!();
      await new Promise((done) => setImmediate(done));
    }
    expect(await Promise.all(accepted)).toEqual(accepted.map((_, i) => i));
    expect(started).toEqual(accepted.map((_, i) => i));
    expect(hashQueueState()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a hash fails', async () => {
    await expect(withHashSlot(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(hashQueueState()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('a sign-in flood', () => {
  const t = useTestApp({ app: { trustProxy: 'loopback' } });
  // The account the flood signs in to, stored as the product stores passwords (the tests' own
  // users have a cheap hash, which would never fill the queue).
  beforeEach(() =>
    createUser(t.db.em(), {
      username: 'flooded',
      email: 'flooded@example.com',
      password: TEST_PASSWORD,
      role: 'admin',
      firstName: null,
      lastName: null,
    }),
  );

  it('answers what it cannot hash soon with 503 and Retry-After, and recovers', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await fetch(`${t.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.1.${i}` },
          body: JSON.stringify({ username: 'flooded', password: TEST_PASSWORD }),
        });
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: (await res.json()) as { message?: string },
        };
      }),
    );
    const busy = attempts.filter((a) => a.status === 503);
    expect(attempts.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(attempts.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(
      HASH_LIMITS.maxRunning + HASH_LIMITS.maxWaiting,
    );
    for (const b of busy) {
      expect(b.retryAfter).toBe(String(HASH_LIMITS.retryAfterSeconds));
      expect(b.body.message).toBe(BUSY_MESSAGE);
    }
    // Once the flood is over, signing in just works.
    const again = await t.anonymous().rest('POST', '/auth/login', {
      username: 'flooded',
      password: TEST_PASSWORD,
    });
    expect(again.status).toBe(200);
  });
});
