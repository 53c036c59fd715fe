// Sessions and access under attack: fixation, replay, revoked users, privilege, cross-site
// writes and CSV formula injection.
import { sealData } from 'iron-session';
import { describe, expect, it } from 'vitest';
import type { TContact } from '../shared/contacts.schema';
import { SESSION_COOKIE } from './auth/session';
import { openApiDocument } from './openapi';
import { Client, TEST_PASSWORD } from './test-app';
import { useSignedIn, useTestApp } from './test/use-test-app';
import { relaxContactProtections } from './form-guard/contact-form-test-support';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

/** A client carrying exactly this cookie header (an attacker replaying or planting a cookie). */
function withCookie(cookie: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${t.url}/api${path}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, setCookie: res.headers.getSetCookie(), text: await res.text() };
  };
}

describe('session fixation', () => {
  it('never promotes a planted session id: login issues a new id and the planted cookie stays anonymous', async () => {
    // Worst case: the attacker can even seal a cookie (knows the secret) with an id of their choosing.
    const planted = await sealData(
      { sid: 'attacker-chosen-session-id' },
      { password: 'x'.repeat(32) + 'test-secret' },
    );
    const plantedCookie = `${SESSION_COOKIE}=${planted}`;
    const victim = new Client(t.url);
    (victim as unknown as { cookies: Map<string, string> }).cookies.set(SESSION_COOKIE, planted);
    await t.signedIn('admin', 'victim'); // creates the account; sign in again through the planted cookie:
    const login = await victim.rest('POST', '/auth/login', {
      username: 'victim',
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(victim.cookieHeader).not.toContain(planted);
    expect((await victim.rest('GET', '/auth/me')).status).toBe(200);
    expect((await withCookie(plantedCookie)('GET', '/auth/me')).status).toBe(401);
    const ids = await t.db.em().execute<{ id: string }[]>('select id from sessions');
    expect(ids.map((r) => r.id)).not.toContain('attacker-chosen-session-id');
  });

  it("ends the attacker's own session when its cookie is used to sign in as someone else", async () => {
    const attacker = await t.signedIn('user', 'mallory');
    const attackerCookie = attacker.cookieHeader;
    await t.signedIn('admin', 'alice');
    const victim = new Client(t.url);
    victim.copyCookiesFrom(attacker);
    expect(
      (await victim.rest('POST', '/auth/login', { username: 'alice', password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
    expect(victim.cookieHeader).not.toBe(attackerCookie);
    // The planted (attacker's) cookie must not now belong to alice's admin session.
    expect((await withCookie(attackerCookie)('GET', '/contacts')).status).toBe(401);
  });
});

describe('logout and revoked users', () => {
  it('refuses a replayed cookie after logout', async () => {
    const stolen = admin.cookieHeader;
    expect((await admin.rest('POST', '/auth/logout')).status).toBe(200);
    const replay = withCookie(stolen);
    expect((await replay('GET', '/auth/me')).status).toBe(401);
    expect((await replay('GET', '/contacts')).status).toBe(401);
    expect((await replay('DELETE', '/contacts/bulk/all')).status).toBe(401);
    expect((await replay('GET', '/contacts/export/csv')).status).toBe(401);
  });

  it('refuses the sessions of a deleted user at once, on REST, tRPC and the CSV route', async () => {
    const other = await t.signedIn('admin', 'soon-gone');
    expect((await other.rest('GET', '/contacts')).status).toBe(200);
    expect((await admin.rest('DELETE', `/users/${other.userId}`)).status).toBe(200);
    expect((await other.rest('GET', '/contacts')).status).toBe(401);
    await expect(other.trpc.admin.contacts.list.query()).rejects.toMatchObject({
      data: { httpStatus: 401 },
    });
    expect((await withCookie(other.cookieHeader)('GET', '/contacts/export/csv')).status).toBe(401);
  });

  it('refuses a forged or tampered cookie', async () => {
    const cookie = admin.cookieHeader;
    const middle = Math.floor(cookie.length / 2);
    const tampered =
      cookie.slice(0, middle) + (cookie[middle] === 'a' ? 'b' : 'a') + cookie.slice(middle + 1);
    expect((await withCookie(tampered)('GET', '/auth/me')).status).toBe(401);
    expect((await withCookie(`${SESSION_COOKIE}=garbage`)('GET', '/auth/me')).status).toBe(401);
  });
});

describe('privilege', () => {
  it('answers 401 to anonymous and 403 to a non-admin on every protected REST operation (own account security aside)', async () => {
    const user = await t.signedIn('user');
    const doc = openApiDocument();
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(ops as Record<string, { security?: unknown[] }>)) {
        if (!op.security?.length || path === '/auth/me') continue;
        const url = path.replace(/\{\w+\}/g, '1');
        const body = ['post', 'put', 'patch'].includes(method) ? {} : undefined;
        expect([
          path,
          method,
          (await t.anonymous().rest(method.toUpperCase(), url, body)).status,
        ]).toEqual([path, method, 401]);
        checked++;
        // The account's own security (2FA, sessions, password, emails), hours, calendars and
        // booked calls are for every signed-in user (another host's: booking-api.test.ts,
        // calendar-feeds.test.ts).
        if (
          path.startsWith('/auth/') ||
          path.startsWith('/account/') ||
          /^\/users\/\{id\}\/(availability|calendar-)/.test(path) ||
          path.startsWith('/bookings')
        )
          continue;
        expect([path, method, (await user.rest(method.toUpperCase(), url, body)).status]).toEqual([
          path,
          method,
          403,
        ]);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    expect((await user.rest('GET', '/auth/me')).status).toBe(200);
  });

  it('lets a signed-in user not make themselves admin', async () => {
    const user = await t.signedIn('user', 'plain');
    expect((await user.rest('PATCH', `/users/${user.userId}`, { role: 'admin' })).status).toBe(403);
    const me = await user.rest<{ role: string }>('GET', '/auth/me');
    expect(me.body.role).toBe('user');
  });
});

describe('cross-site writes', () => {
  const evil: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'null' },
    { origin: 'not a url' },
  ];
  it.each(evil)(
    'refuses %o on /api and /trpc writes, even with a valid admin cookie',
    async (headers) => {
      await relaxContactProtections(t.db.em());
      const req = withCookie(admin.cookieHeader);
      const write = await req('DELETE', '/contacts/bulk/all', undefined, headers);
      expect(write.status).toBe(403);
      expect(JSON.parse(write.text)).toEqual({
        message: 'Cross-site requests are not allowed',
        code: 'FORBIDDEN',
        errorCode: 'FORBIDDEN',
        data: { errorCode: 'FORBIDDEN', code: 'FORBIDDEN' },
        requestId: expect.any(String),
      });
      expect(
        (await req('POST', '/contacts', { name: 'A', email: 'a@b.co', message: 'x' }, headers))
          .status,
      ).toBe(403);
      const trpc = await fetch(`${t.url}/trpc/admin.contacts.deleteAll`, {
        method: 'POST',
        headers: { cookie: admin.cookieHeader, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      expect(trpc.status).toBe(403);
      expect((await admin.rest<TContact[]>('GET', '/contacts')).status).toBe(200);
    },
  );

  it('lets same-origin writes and non-browser clients through', async () => {
    await relaxContactProtections(t.db.em());
    const req = withCookie(admin.cookieHeader);
    const host = new URL(t.url).host;
    expect(
      (
        await req(
          'POST',
          '/contacts',
          { name: 'A', email: 'a@b.co', message: 'hello' },
          { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
        )
      ).status,
    ).toBe(200);
    expect(
      (await req('POST', '/contacts', { name: 'B', email: 'b@b.co', message: 'hello' })).status,
    ).toBe(200);
    // Reads are not refused (no state change).
    expect(
      (
        await req('GET', '/contacts', undefined, {
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        })
      ).status,
    ).toBe(200);
  });
});

describe('CSV formula injection', () => {
  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    await relaxContactProtections(t.db.em());
    const payloads = [
      '=HYPERLINK("http://evil.example","x")',
      '+1+cmd|calc',
      '-2+3',
      '@SUM(A1)',
      '\t=1+1',
    ];
    for (const [i, name] of payloads.entries()) {
      const res = await t.anonymous().rest('POST', '/contacts', {
        name,
        email: `f${i}@example.com`,
        company: name,
        message: name,
      });
      expect(res.status).toBe(200);
    }
    const csv = await (await admin.fetch('/api/contacts/export/csv')).text();
    for (const payload of payloads) {
      expect(csv).not.toMatch(
        new RegExp(`(^|,)"?${payload.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'),
      );
    }
    expect(csv).toContain(`'=HYPERLINK`);
  });
});
