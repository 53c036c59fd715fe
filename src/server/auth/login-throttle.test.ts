import { beforeEach, describe, expect, it } from 'vitest';
import type { TSecurityEventPage } from '../../shared/security.schema';
import { TEST_PASSWORD } from '../test-app';
import { useInstance, useSignedIn, useTestApp } from '../test/use-test-app';
import { AppError, RetryLaterError } from '../errors';
import { LOGIN_LIMITS, SLOWDOWN, slowdownMs, withLoginThrottle } from './login-throttle.service';

const t = useTestApp();
// Behind a trusted proxy, so each test can sign in from its own client address.
const proxied = useInstance(t, { app: { trustProxy: 'loopback' } });
const admin = useSignedIn(t, 'admin', 'boss');

async function login(username: string, password: string, ip = '203.0.113.5') {
  const res = await fetch(`${proxied.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ username, password }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { message?: string; success?: boolean },
    retryAfter: res.headers.get('retry-after'),
  };
}

/**
 * The limit is a sliding estimate over two fixed windows: across a window boundary the earlier
 * hits start to fade, so an exact count only holds within one window. Waits out a boundary that
 * is less than 20 s away, so a test counting to the limit never straddles one.
 */
async function outsideWindowBoundary(windowSeconds: number): Promise<void> {
  const size = windowSeconds * 1000;
  const untilNext = size - (Date.now() % size);
  if (untilNext < 20_000) await new Promise((r) => setTimeout(r, untilNext + 100));
}

describe('sign-in throttle', () => {
  beforeEach(() => outsideWindowBoundary(LOGIN_LIMITS.windowSeconds));

  it('refuses an account from the guessing network after repeated failures, the same whether or not it exists', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndNetwork; i++) {
      const [real, ghost] = await Promise.all([
        login('boss', 'wrong-password'),
        login('ghost', 'wrong-password'),
      ]);
      expect(real).toMatchObject({
        status: 401,
        body: { message: 'Invalid username or password' },
      });
      expect(ghost).toMatchObject({
        status: 401,
        body: { message: 'Invalid username or password' },
      });
    }
    const [real, ghost] = await Promise.all([
      login('boss', 'wrong-password'),
      login('ghost', 'wrong-password'),
    ]);
    expect(real.status).toBe(429);
    expect(real.body.message).toMatch(
      /^Too many sign-in attempts\. Please wait about \d+ minutes? and try again\.$/,
    );
    // The same answer, but for the id of the request that got it.
    const sameBut = (r: typeof real) => ({ ...r, body: { ...r.body, requestId: 'x' } });
    expect(sameBut(ghost)).toEqual(sameBut(real));
    // The message and Retry-After tell the same time.
    const minutes = Number(/about (\d+) minute/.exec(real.body.message ?? '')?.[1]);
    expect(minutes).toBe(Math.max(1, Math.ceil(Number(real.retryAfter) / 60)));
    // The right password does not help from the guessing network: guessing is stopped there.
    expect((await login('boss', TEST_PASSWORD)).status).toBe(429);
    const log = await admin.rest<TSecurityEventPage>('GET', '/security/events?type=rate_limit');
    expect(log.body.items[0]?.details).toMatch(/Sign-in throttled/);
    const stats = await admin.trpc.admin.security.stats.query({ period: '24h' });
    expect(stats.rateLimited).toBe(0);
  });

  it('never locks the owner out: a stranger’s failures block only the stranger’s network', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndNetwork + 5; i++)
      await login('boss', 'wrong-password', '203.0.113.5');
    expect((await login('boss', TEST_PASSWORD, '203.0.113.5')).status).toBe(429);
    // The owner, from their own network, signs in at once; so does anyone on another /64.
    expect((await login('boss', TEST_PASSWORD, '198.51.100.9')).status).toBe(200);
    expect((await login('boss', TEST_PASSWORD, '2001:db8:1:2::7')).status).toBe(200);
  });

  it('treats case variants of a name as one account, and a success clears only that network', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndNetwork / 2; i++) {
      expect((await login('BOSS', 'nope')).status).toBe(401);
      expect((await login('boss', 'nope')).status).toBe(401);
    }
    expect((await login('Boss', 'nope')).status).toBe(429);
    // Another network's success (under any case) does not reset the guessing network's count.
    const ok = await login('bOsS', TEST_PASSWORD, '198.51.100.9');
    expect(ok.status).toBe(200);
    expect((await login('boss', TEST_PASSWORD)).status).toBe(429);
  });

  // 51 sign-ins, each a full scrypt (also for unknown names): seconds of CPU on a busy machine.
  it('throttles one address guessing across many accounts', { timeout: 120_000 }, async () => {
    // Ten at a time: the hash queue holds 2 running and 16 waiting, so none is turned away.
    for (let batch = 0; batch < LOGIN_LIMITS.perNetwork; batch += 10) {
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(`user${batch + i}`, 'x', '203.0.113.66')),
      );
      expect(statuses.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    expect((await login('someone-new', 'x', '203.0.113.66')).status).toBe(429);
    expect((await login('boss', TEST_PASSWORD, '203.0.113.67')).status).toBe(200);
  });

  it('forgets an account’s failures after a successful sign-in from the same network', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndNetwork - 1; i++)
      expect((await login('boss', 'nope')).status).toBe(401);
    expect((await login('boss', TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndNetwork - 1; i++)
      expect((await login('boss', 'nope')).status).toBe(401);
    expect((await login('boss', TEST_PASSWORD)).status).toBe(200);
  });
});

describe('account-wide slowdown', () => {
  const attempt = (ip: string) => ({ username: 'target', ip, userAgent: 'test' });
  const wrong = () => Promise.reject(new AppError('UNAUTHORIZED', 'Invalid username or password'));

  it('slows every attempt once an account is guessed at from everywhere, and refuses none', async () => {
    const em = t.db.em();
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    // A botnet: each address stays under its own limit.
    for (let i = 0; i < LOGIN_LIMITS.perAccountBeforeSlowdown; i++)
      await expect(
        withLoginThrottle(em, attempt(`198.18.${i >> 8}.${i & 255}`), wrong, sleep),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(waits).toEqual([]);
    for (let i = 0; i < 5; i++)
      await expect(
        withLoginThrottle(em, attempt(`198.19.0.${i}`), wrong, sleep),
      ).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    expect(waits).toEqual([100, 200, 300, 400, 500]);
    // The owner still gets in (after the same wait), from a network that never failed.
    expect(await withLoginThrottle(em, attempt('192.0.2.50'), async () => 'signed in', sleep)).toBe(
      'signed in',
    );
    expect(waits.at(-1)).toBe(600);
    expect(slowdownMs(10_000)).toBe(SLOWDOWN.maxMs);
  });

  it('does not count an attempt the server turned away (busy, database) as a guess', async () => {
    const em = t.db.em();
    const busy = () => Promise.reject(new RetryLaterError('SERVICE_UNAVAILABLE', 'busy', 2));
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndNetwork + 5; i++)
      await expect(withLoginThrottle(em, attempt('192.0.2.60'), busy)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    expect(await withLoginThrottle(em, attempt('192.0.2.60'), async () => 'ok')).toBe('ok');
  });
});
