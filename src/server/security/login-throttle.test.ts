import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TSecurityEventPage } from '../../shared/security.schema';
import { createApp } from '../app';
import { startTestApp, TEST_PASSWORD, type Client, type TestApp } from '../test/test-app';
import { LOGIN_LIMITS } from './login-throttle.service';

let t: TestApp;
let admin: Client & { userId: number };
let proxied: { url: string; server: Server };

beforeAll(async () => {
  t = await startTestApp();
  // Behind a trusted proxy, so each test can sign in from its own client address.
  const server = await new Promise<Server>((done) => {
    const s = createApp(t.deps, { trustProxy: 'loopback' }).listen(0, '127.0.0.1', () => done(s));
  });
  proxied = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise((d) => proxied.server.close(d));
  await t.close();
});
beforeEach(async () => {
  await t.db.reset();
  admin = await t.signedIn('admin', 'boss');
});

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

describe('sign-in throttle', () => {
  it('throttles an account after repeated failures, the same way whether or not it exists', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
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
    expect(ghost).toEqual(real);
    expect(Number(real.retryAfter)).toBeGreaterThan(0);
    // The right password does not help while throttled: guessing is stopped, not just slowed.
    expect((await login('boss', TEST_PASSWORD, '198.51.100.9')).status).toBe(429);
    const log = await admin.rest<TSecurityEventPage>('GET', '/security/events?type=rate_limit');
    expect(log.body.items[0]?.details).toMatch(/Sign-in throttled/);
    const stats = await admin.trpc.admin.security.stats.query({ period: '24h' });
    expect(stats.rateLimited).toBe(0);
  });

  it('throttles one address guessing across many accounts', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++)
      expect((await login(`user${i}`, 'x', '203.0.113.66')).status).toBe(401);
    expect((await login('someone-new', 'x', '203.0.113.66')).status).toBe(429);
    expect((await login('boss', TEST_PASSWORD, '203.0.113.67')).status).toBe(200);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++)
      expect((await login('boss', 'nope')).status).toBe(401);
    expect((await login('boss', TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++)
      expect((await login('boss', 'nope')).status).toBe(401);
    expect((await login('boss', TEST_PASSWORD)).status).toBe(200);
  });
});
