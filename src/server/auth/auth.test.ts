import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { AUTH_MESSAGES, type TLoginResult, type TMe } from '../../shared/auth.schema';
import { SESSION_COOKIE } from './session';
import { verifyPassword } from './password';
import { Client, TEST_PASSWORD } from '../test-app';
import { useTestApp } from '../test/use-test-app';
import { createUser } from '../users/users.service';

const t = useTestApp();

interface SessionRow {
  id: string;
  user_id: number;
}

async function sessionRows(userId?: number): Promise<SessionRow[]> {
  const conn = t.db.orm.em.getConnection();
  return userId === undefined
    ? conn.execute<SessionRow[]>('select id, user_id from sessions order by created_at')
    : conn.execute<SessionRow[]>(
        'select id, user_id from sessions where user_id = ? order by created_at',
        [userId],
      );
}

/** A signed-in user with no admin rights needed: the login flow is the same for every role. */
async function userWithLogin(role: 'admin' | 'user' = 'user') {
  const client = await t.signedIn(role);
  const me = await client.rest<TMe>('GET', '/auth/me');
  return { client, username: me.body.username, userId: client.userId };
}

function cloneOf(client: Client): Client {
  const copy = t.anonymous();
  copy.copyCookiesFrom(client);
  return copy;
}

describe('POST /api/auth/login', () => {
  it('signs in over REST: sets an HttpOnly SameSite cookie, answers success, and /auth/me works', async () => {
    const { username } = await userWithLogin();
    const client = t.anonymous();
    const res = await client.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
    const body = (await res.json()) as TLoginResult;
    expect(body).toMatchObject({ success: true, user: { username, role: 'user' } });

    const me = await client.rest<TMe>('GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: body.user!.id,
      username,
      role: 'user',
      firstName: null,
      lastName: null,
      timeZone: null,
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });
  });

  it('signs in over tRPC and the same cookie serves /trpc and /api', async () => {
    const { username } = await userWithLogin('admin');
    const client = t.anonymous();
    const result = await client.trpc.auth.login.mutate({ username, password: TEST_PASSWORD });
    expect(result.success).toBe(true);
    expect((await client.trpc.auth.me.query()).username).toBe(username);
    expect((await client.rest<TMe>('GET', '/auth/me')).body.role).toBe('admin');
  });

  it('gives the same 401 and message for a wrong password and for an unknown user', async () => {
    const { username } = await userWithLogin();
    const wrong = await t
      .anonymous()
      .rest<{ message: string }>('POST', '/auth/login', { username, password: 'not-the-password' });
    const unknown = await t.anonymous().rest<{ message: string }>('POST', '/auth/login', {
      username: 'nobody-here',
      password: 'whatever',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
    // The same answer, but for the id of the request that got it.
    expect({ ...unknown.body, requestId: 'x' }).toEqual({ ...wrong.body, requestId: 'x' });

    const viaTrpc = await t
      .anonymous()
      .trpc.auth.login.mutate({ username: 'nobody-here', password: 'x' })
      .catch((e: unknown) => e);
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    expect((viaTrpc as TRPCClientError<never>).message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(await sessionRows()).toHaveLength(1); // only the session from userWithLogin
  });

  it('refuses a deactivated account with the same message', async () => {
    const { username, userId } = await userWithLogin();
    await t.db.orm.em
      .getConnection()
      .execute('update users set is_active = false where id = ?', [userId]);
    const res = await t
      .anonymous()
      .rest<{ message: string }>('POST', '/auth/login', { username, password: TEST_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('answers 400 with the documented messages for blank or missing fields, on both transports', async () => {
    type ErrorBody = { message: string; data: { fieldErrors: Record<string, string> } };
    const blank = await t
      .anonymous()
      .rest<ErrorBody>('POST', '/auth/login', { username: '  ', password: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(
      'username: Username is required; password: Password is required',
    );
    expect(blank.body.data.fieldErrors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });

    const missing = await t.anonymous().rest<ErrorBody>('POST', '/auth/login', {});
    expect(missing.status).toBe(400);
    expect(missing.body.data.fieldErrors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });

    const err = await t
      .anonymous()
      .trpc.auth.login.mutate({ username: 'someone', password: '' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect((err as TRPCClientError<never>).message).toBe('password: Password is required');
  });

  it('issues a new session id at login and the earlier cookie stops working', async () => {
    const { client, username, userId } = await userWithLogin();
    const [first] = await sessionRows(userId);
    const saved = cloneOf(client);

    const again = await client.rest('POST', '/auth/login', { username, password: TEST_PASSWORD });
    expect(again.status).toBe(200);
    const rows = await sessionRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(first!.id);
    expect(rows[0]!.id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url

    expect((await client.rest('GET', '/auth/me')).status).toBe(200);
    expect((await saved.rest('GET', '/auth/me')).status).toBe(401);
  });

  it('does not carry a pre-login cookie over: a second user signing in on the same browser gets a fresh session', async () => {
    const first = await userWithLogin();
    const second = await userWithLogin();
    const shared = cloneOf(first.client);
    await shared.rest('POST', '/auth/login', {
      username: second.username,
      password: TEST_PASSWORD,
    });
    expect((await shared.rest<TMe>('GET', '/auth/me')).body.username).toBe(second.username);
    const ids = (await sessionRows()).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // first's own copy was the cookie used for the new login, so its row was replaced
    expect((await first.client.rest('GET', '/auth/me')).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('accepts a POST with no body and no content type, deletes the row, and refuses a saved cookie afterwards', async () => {
    const { client, userId } = await userWithLogin();
    const saved = cloneOf(client);
    expect(await sessionRows(userId)).toHaveLength(1);

    const res = await client.fetch('/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(await sessionRows(userId)).toHaveLength(0);

    expect((await client.rest('GET', '/auth/me')).status).toBe(401);
    expect((await saved.rest('GET', '/auth/me')).status).toBe(401);
  });

  it('works over tRPC and for a caller who was not signed in', async () => {
    const { client, userId } = await userWithLogin();
    expect(await client.trpc.auth.logout.mutate()).toMatchObject({ success: true });
    expect(await sessionRows(userId)).toHaveLength(0);
    expect((await t.anonymous().fetch('/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });

  it('ends only this session: the same user signed in elsewhere stays signed in', async () => {
    const { client, username, userId } = await userWithLogin();
    const laptop = t.anonymous();
    await laptop.rest('POST', '/auth/login', { username, password: TEST_PASSWORD });
    await client.rest('POST', '/auth/logout');
    expect(await sessionRows(userId)).toHaveLength(1);
    expect((await laptop.rest('GET', '/auth/me')).status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a session, with a forged cookie, and through createCaller with no actor', async () => {
    expect((await t.anonymous().rest('GET', '/auth/me')).status).toBe(401);
    const forged = await t
      .anonymous()
      .fetch('/api/auth/me', { headers: { cookie: `${SESSION_COOKIE}=Fe26.2**forged` } });
    expect(forged.status).toBe(401);
    await expect(t.caller(null).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('session lifetime', () => {
  const conn = () => t.db.orm.em.getConnection();

  it('ends a session whose idle deadline has passed and deletes its row', async () => {
    const { client, userId } = await userWithLogin();
    await conn().execute(
      `update sessions set idle_expires_at = now() - interval '1 second' where user_id = ?`,
      [userId],
    );
    expect((await client.rest('GET', '/auth/me')).status).toBe(401);
    expect(await sessionRows(userId)).toHaveLength(0);
  });

  it('ends a session past its absolute deadline even when it was just used', async () => {
    const { client, userId } = await userWithLogin();
    await conn().execute(
      `update sessions set expires_at = now() - interval '1 second', idle_expires_at = now() + interval '1 hour' where user_id = ?`,
      [userId],
    );
    expect((await client.rest('GET', '/auth/me')).status).toBe(401);
    expect(await sessionRows(userId)).toHaveLength(0);
  });

  it('slides the idle deadline on use, but never past the absolute one', async () => {
    const { client, userId } = await userWithLogin();
    await conn().execute(
      `update sessions set idle_expires_at = now() + interval '5 minutes', expires_at = now() + interval '30 minutes' where user_id = ?`,
      [userId],
    );
    expect((await client.rest('GET', '/auth/me')).status).toBe(200);
    const [row] = await conn().execute<{ idle: Date; absolute: Date }[]>(
      'select idle_expires_at as idle, expires_at as absolute from sessions where user_id = ?',
      [userId],
    );
    const idle = new Date(row!.idle).getTime();
    expect(idle).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(idle).toBeLessThanOrEqual(new Date(row!.absolute).getTime());
  });

  it('sets the absolute and idle deadlines from the settings at login', async () => {
    const { userId } = await userWithLogin();
    const [row] = await conn().execute<{ idle: Date; absolute: Date; created: Date }[]>(
      'select idle_expires_at as idle, expires_at as absolute, created_at as created from sessions where user_id = ?',
      [userId],
    );
    const created = new Date(row!.created).getTime();
    // The test app uses 60 idle minutes and 24 absolute hours.
    expect(new Date(row!.idle).getTime() - created).toBeCloseTo(60 * 60_000, -4);
    expect(new Date(row!.absolute).getTime() - created).toBeCloseTo(24 * 3_600_000, -4);
  });

  it('ends every session of a deleted user', async () => {
    const admin = await t.signedIn('admin');
    const { client, userId } = await userWithLogin();
    expect((await client.rest('GET', '/auth/me')).status).toBe(200);
    expect((await admin.rest('DELETE', `/users/${userId}`)).status).toBe(200);
    expect(await sessionRows(userId)).toHaveLength(0);
    expect((await client.rest('GET', '/auth/me')).status).toBe(401);
  });
});

describe('password storage', () => {
  it('stores scrypt hashes with the OWASP parameters and a per-user salt', async () => {
    // Created as the product creates users (test users are stored at a lower cost).
    const user = (name: string) =>
      createUser(t.db.em(), {
        username: name,
        email: `${name}@example.com`,
        password: TEST_PASSWORD,
        role: 'user',
        firstName: null,
        lastName: null,
      });
    const a = { userId: (await user('salted-a')).id };
    const b = { userId: (await user('salted-b')).id };
    const rows = await t.db.orm.em
      .getConnection()
      .execute<{ id: number; password: string }[]>(
        'select id, password from users where id in (?, ?)',
        [a.userId, b.userId],
      );
    for (const row of rows) {
      expect(row.password).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(row.password).not.toContain(TEST_PASSWORD);
      expect(await verifyPassword(TEST_PASSWORD, row.password)).toBe(true);
      expect(await verifyPassword('wrong', row.password)).toBe(false);
    }
    expect(rows[0]!.password).not.toBe(rows[1]!.password);
  });

  it('never sends a password or hash in the login or me answers', async () => {
    const { username, userId } = await userWithLogin('admin');
    const [row] = await t.db.orm.em
      .getConnection()
      .execute<{ password: string }[]>('select password from users where id = ?', [userId]);
    const client = t.anonymous();
    const login = await client.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    const texts = [
      await login.text(),
      await (await client.fetch('/api/auth/me')).text(),
      await (await client.fetch('/trpc/auth.me')).text(),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/password/i);
      expect(text).not.toContain(row!.password);
      expect(text).not.toContain('scrypt$');
    }
  });
});
