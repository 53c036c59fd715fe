import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { TUser } from '../../shared/users.schema';
import { actorFor, TEST_PASSWORD, type Client } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import type { RestErrorBody } from '../test/rest-error-body';
import { expectAdminOnly, type RestCall } from '../test/expect-admin-only';

const t = useTestApp();
const admin = useSignedIn(t, 'admin', 'boss');

const newUser = {
  username: 'grace',
  password: 'hopper-1906',
  email: 'Grace@Navy.mil',
  firstName: 'Grace',
  lastName: 'Hopper',
};

async function passwordHashes(): Promise<string[]> {
  const rows = await t.db.orm.em
    .getConnection()
    .execute<{ password: string }[]>('select password from users');
  return rows.map((r) => r.password);
}

async function sessionCount(userId: number): Promise<number> {
  const [row] = await t.db.orm.em
    .getConnection()
    .execute<{ n: string }[]>('select count(*) as n from sessions where user_id = ?', [userId]);
  return Number(row!.n);
}

async function login(username: string, password: string): Promise<Client & { status: number }> {
  const client = t.anonymous();
  const res = await client.rest('POST', '/auth/login', { username, password });
  return Object.assign(client, { status: res.status });
}

function issueMessages(body: RestErrorBody): Record<string, string> {
  return body.data?.fieldErrors ?? {};
}

describe('users: list and create', () => {
  it('creates a user over REST (role user, email lowercased) and lists it with the documented fields', async () => {
    const res = await admin.rest<TUser>('POST', '/users', newUser);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'grace',
      email: 'grace@navy.mil',
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'user',
      isActive: true,
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);

    const list = await admin.rest<TUser[]>('GET', '/users');
    expect(list.status).toBe(200);
    expect(list.body.map((u) => u.username).sort()).toEqual(['boss', 'grace']);
    for (const user of list.body) {
      expect(Object.keys(user).sort()).toEqual([
        'createdAt',
        'email',
        'firstName',
        'id',
        'isActive',
        'lastName',
        'role',
        'updatedAt',
        'username',
      ]);
    }
    expect((await login('grace', newUser.password)).status).toBe(200);
  });

  it('creates and lists through tRPC and createCaller', async () => {
    const created = await admin.trpc.admin.users.create.mutate({
      ...newUser,
      firstName: '',
      lastName: undefined,
    });
    expect(created).toMatchObject({ username: 'grace', firstName: null, lastName: null });
    const viaCaller = await t
      .caller(actorFor(admin.userId))
      .admin.users.create({ username: 'linus', password: 'penguin', email: 'l@kernel.org' });
    expect(viaCaller.role).toBe('user');
    const list = await t.caller(actorFor(admin.userId)).admin.users.list();
    expect(list.map((u) => u.username)).toEqual(['linus', 'grace', 'boss']); // newest first
  });

  it('never returns a password or hash in any users answer (JSON text checked)', async () => {
    const created = await admin.fetch('/api/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newUser),
    });
    const id = ((await created.clone().json()) as TUser).id;
    const texts = [
      await created.text(),
      await (await admin.fetch('/api/users')).text(),
      await (
        await admin.fetch(`/api/users/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: 'grace',
            email: 'grace@navy.mil',
            role: 'user',
            newPassword: 'another-secret',
          }),
        })
      ).text(),
      await (await admin.fetch('/trpc/admin.users.list')).text(),
    ];
    const hashes = await passwordHashes();
    for (const text of texts) {
      expect(text).not.toMatch(/password/i);
      expect(text).not.toContain('scrypt$');
      for (const hash of hashes) expect(text).not.toContain(hash);
    }
  });

  it('answers 400 naming each invalid field', async () => {
    const res = await admin.rest<RestErrorBody>('POST', '/users', {
      username: '',
      password: '123',
      email: 'not-an-email',
    });
    expect(res.status).toBe(400);
    expect(issueMessages(res.body)).toEqual({
      username: 'Username is required',
      password: 'Password must be at least 6 characters',
      email: 'Please enter a valid email address',
    });
    const missing = await admin.rest<RestErrorBody>('POST', '/users', {});
    expect(issueMessages(missing.body)).toMatchObject({
      username: 'Username is required',
      password: 'Password is required',
      email: 'Email is required',
    });
    const badRole = await admin.rest<RestErrorBody>('POST', '/users', {
      ...newUser,
      role: 'superuser',
    });
    expect(badRole.status).toBe(400);
    expect(issueMessages(badRole.body).role).toBe('Role must be one of: admin, user');

    const err = await admin.trpc.admin.users.create
      .mutate({ ...newUser, email: '' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err).toMatchObject({
      message: 'email: Email is required',
      data: { httpStatus: 400, fieldErrors: { email: 'Email is required' } },
    });
  });

  it('answers 409 naming the field for a duplicate username or email, on both transports', async () => {
    await admin.rest('POST', '/users', newUser);
    const sameName = await admin.rest<RestErrorBody>('POST', '/users', {
      ...newUser,
      email: 'other@navy.mil',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toMatch(/username/i);
    const sameEmail = await admin.rest<RestErrorBody>('POST', '/users', {
      ...newUser,
      username: 'grace2',
      email: 'GRACE@navy.mil',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toMatch(/email/i);
    await expect(
      t.caller(actorFor(admin.userId)).admin.users.create({ ...newUser, email: 'x@y.io' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/username/i),
    });
  });

  it('answers 409 (not 500) when two identical creates race past the pre-check', async () => {
    const results = await Promise.all([
      admin.rest('POST', '/users', newUser),
      admin.rest('POST', '/users', newUser),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('users: update', () => {
  async function grace(): Promise<TUser> {
    return (await admin.rest<TUser>('POST', '/users', newUser)).body;
  }

  it('updates fields over REST and tRPC, bumping updatedAt', async () => {
    const user = await grace();
    const res = await admin.rest<TUser>('PATCH', `/users/${user.id}`, {
      username: 'ghopper',
      email: 'gh@navy.mil',
      firstName: 'G.',
      lastName: null,
      role: 'user',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      username: 'ghopper',
      email: 'gh@navy.mil',
      firstName: 'G.',
      lastName: null,
    });
    expect(res.body.updatedAt >= user.updatedAt).toBe(true);
    const viaTrpc = await admin.trpc.admin.users.update.mutate({
      id: user.id,
      username: 'ghopper',
      email: 'gh@navy.mil',
      role: 'admin',
    });
    expect(viaTrpc.role).toBe('admin');
    expect((await login('ghopper', newUser.password)).status).toBe(200);
  });

  it('keeps the role when a PATCH does not mention it', async () => {
    const user = await grace();
    await admin.rest('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'grace@navy.mil',
      role: 'admin',
    });
    const res = await admin.rest<TUser>('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'grace@navy.mil',
      firstName: 'Amazing',
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
  });

  it('refuses a new password shorter than 6 characters with the documented message; a blank one changes nothing', async () => {
    const user = await grace();
    const res = await admin.rest<RestErrorBody>('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'grace@navy.mil',
      role: 'user',
      newPassword: '12345',
    });
    expect(res.status).toBe(400);
    expect(issueMessages(res.body)).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
    const blank = await admin.rest('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'grace@navy.mil',
      role: 'user',
      newPassword: '',
    });
    expect(blank.status).toBe(200);
    expect((await login('grace', newUser.password)).status).toBe(200);
  });

  it('sets a new password that works for login, refuses the old one, and ends the user’s other sessions', async () => {
    const user = await grace();
    const graceClient = await login('grace', newUser.password);
    expect(await sessionCount(user.id)).toBe(1);
    const res = await admin.rest('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'grace@navy.mil',
      role: 'user',
      newPassword: 'brand-new-pass',
    });
    expect(res.status).toBe(200);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await graceClient.rest('GET', '/auth/me')).status).toBe(401);
    expect((await login('grace', newUser.password)).status).toBe(401);
    expect((await login('grace', 'brand-new-pass')).status).toBe(200);
  });

  it('keeps the acting admin signed in when they change their own password', async () => {
    const otherDevice = await login('boss', TEST_PASSWORD);
    const res = await admin.rest('PATCH', `/users/${admin.userId}`, {
      username: 'boss',
      email: 'boss@example.com',
      role: 'admin',
      newPassword: 'rotated-pass',
    });
    expect(res.status).toBe(200);
    expect((await admin.rest('GET', '/auth/me')).status).toBe(200);
    expect((await otherDevice.rest('GET', '/auth/me')).status).toBe(401);
  });

  it('ends the user’s sessions when their role changes, and not for a plain edit', async () => {
    const user = await grace();
    const graceClient = await login('grace', newUser.password);
    await admin.rest('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'grace@navy.mil',
      role: 'user',
      firstName: 'Rear Admiral',
    });
    expect((await graceClient.rest('GET', '/auth/me')).status).toBe(200);
    await admin.rest('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'grace@navy.mil',
      role: 'admin',
    });
    expect(await sessionCount(user.id)).toBe(0);
    expect((await graceClient.rest('GET', '/auth/me')).status).toBe(401);
  });

  it('answers 409 for a username or email taken by someone else, 404 for an unknown id, 400 for a bad id', async () => {
    const user = await grace();
    const taken = await admin.rest<RestErrorBody>('PATCH', `/users/${user.id}`, {
      username: 'boss',
      email: 'grace@navy.mil',
      role: 'user',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/username/i);
    const email = await admin.rest<RestErrorBody>('PATCH', `/users/${user.id}`, {
      username: 'grace',
      email: 'boss@example.com',
      role: 'user',
    });
    expect(email.status).toBe(409);
    expect(email.body.message).toMatch(/email/i);
    const body = { username: 'x', email: 'x@y.io', role: 'user' };
    expect((await admin.rest('PATCH', '/users/999999', body)).status).toBe(404);
    await expect(
      t.caller(actorFor(admin.userId)).admin.users.update({ id: 999999, ...body, role: 'user' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await admin.rest('PATCH', '/users/abc', body)).status).toBe(400);
    expect((await admin.rest('PATCH', '/users/99999999999', body)).status).toBe(400);
  });

  it('refuses to demote the last active administrator (409) but allows it when another admin remains', async () => {
    const res = await admin.rest<RestErrorBody>('PATCH', `/users/${admin.userId}`, {
      username: 'boss',
      email: 'boss@example.com',
      role: 'user',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The last administrator cannot be demoted');

    const deputy = await t.signedIn('admin', 'deputy');
    await t.db.orm.em
      .getConnection()
      .execute('update users set is_active = false where id = ?', [deputy.userId]);
    expect(
      (
        await admin.rest('PATCH', `/users/${admin.userId}`, {
          username: 'boss',
          email: 'boss@example.com',
          role: 'user',
        })
      ).status,
    ).toBe(409);

    await t.db.orm.em
      .getConnection()
      .execute('update users set is_active = true where id = ?', [deputy.userId]);
    const demoted = await deputy.rest<TUser>('PATCH', `/users/${admin.userId}`, {
      username: 'boss',
      email: 'boss@example.com',
      role: 'user',
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('user');
  });
});

describe('users: delete', () => {
  it('deletes a user over REST and createCaller; a second delete is 404', async () => {
    const a = (await admin.rest<TUser>('POST', '/users', newUser)).body;
    const b = await admin.trpc.admin.users.create.mutate({
      username: 'b',
      password: 'secret-b',
      email: 'b@b.io',
    });
    expect((await admin.rest('DELETE', `/users/${a.id}`)).status).toBe(200);
    expect((await admin.rest('DELETE', `/users/${a.id}`)).status).toBe(404);
    expect(await t.caller(actorFor(admin.userId)).admin.users.delete({ id: b.id })).toMatchObject({
      success: true,
    });
    expect((await admin.trpc.admin.users.list.query()).map((u) => u.username)).toEqual(['boss']);
  });

  it('refuses to delete your own account (409)', async () => {
    const res = await admin.rest<RestErrorBody>('DELETE', `/users/${admin.userId}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot delete your own account');
    expect((await admin.rest('GET', '/auth/me')).status).toBe(200);
  });

  it('refuses to delete the last administrator (409), and allows deleting an admin when another remains', async () => {
    // Only createCaller can act as an admin who is not a stored user.
    const outsider = actorFor(987654, 'admin');
    await expect(t.caller(outsider).admin.users.delete({ id: admin.userId })).rejects.toMatchObject(
      {
        code: 'CONFLICT',
        message: 'The last administrator cannot be deleted',
      },
    );
    const deputy = await t.signedIn('admin', 'deputy');
    expect((await admin.rest('DELETE', `/users/${deputy.userId}`)).status).toBe(200);
    expect((await deputy.rest('GET', '/auth/me')).status).toBe(401);
  });
});

describe('users: access', () => {
  it('refuses anonymous callers with 401 and non-admins with 403 on every operation and transport', async () => {
    const user = await t.signedIn('user', 'plain');
    const calls: RestCall[] = [
      ['GET', '/users'],
      ['POST', '/users', newUser],
      [
        'PATCH',
        `/users/${user.userId}`,
        { username: 'plain', email: 'plain@example.com', role: 'admin' },
      ],
      ['DELETE', `/users/${admin.userId}`],
    ];
    await expectAdminOnly(t, user, calls);
    const asUser = t.caller(actorFor(user.userId, 'user'));
    await expect(asUser.admin.users.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      asUser.admin.users.update({
        id: user.userId,
        username: 'plain',
        email: 'plain@example.com',
        role: 'admin',
      }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.caller(null).admin.users.delete({ id: admin.userId })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(user.trpc.admin.users.create.mutate(newUser)).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
    // nothing changed
    expect((await admin.trpc.admin.users.list.query()).map((u) => [u.username, u.role])).toEqual([
      ['plain', 'user'],
      ['boss', 'admin'],
    ]);
  });
});
