// Two-factor sign-in and the account's sessions, over REST and tRPC in one cookie jar.
import { describe, expect, it } from 'vitest';
import type { TSessionInfo, TTwoFactorSetup } from '../../shared/account-security.schema';
import { TWO_FACTOR_MESSAGES } from '../../shared/account-security.schema';
import type { TLoginResult } from '../../shared/auth.schema';
import { TEST_PASSWORD } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { SECURITY_FORM_DEFAULTS } from '../test/security-settings-form';
import { codeAt, enableTwoFactor, now } from './two-factor-test-support';

const t = useTestApp();
const admin = useSignedIn(t, 'admin', 'ada');

async function passwordStep(username = 'ada') {
  const client = t.anonymous();
  const res = await client.rest<TLoginResult>('POST', '/auth/login', {
    username,
    password: TEST_PASSWORD,
  });
  return { client, res };
}

describe('two-factor set-up', () => {
  it('gives a key, an otpauth URL and an SVG QR code; a code from it turns 2FA on with 10 recovery codes', async () => {
    const setup = await admin.rest<TTwoFactorSetup>('POST', '/auth/2fa/setup', {
      password: TEST_PASSWORD,
    });
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Convoza:ada\?secret=/);
    expect(setup.body.qrSvg).toMatch(/^<svg/);
    const wrong = await admin.rest<{ message: string }>('POST', '/auth/2fa/enable', {
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    const bad = await admin.rest<{ data?: { fieldErrors?: Record<string, string> } }>(
      'POST',
      '/auth/2fa/enable',
      { code: '12ab' },
    );
    expect(bad.body.data?.fieldErrors?.code).toBe(TWO_FACTOR_MESSAGES.codeFormat);
    const result = await admin.trpc.auth.twoFactorEnable.mutate({
      code: await codeAt(setup.body.secret, now()),
    });
    expect(result.recoveryCodes).toHaveLength(10);
    expect(new Set(result.recoveryCodes).size).toBe(10);
    expect((await admin.trpc.auth.me.query()).twoFactorEnabled).toBe(true);
    expect((await admin.rest('POST', '/auth/2fa/setup', { password: TEST_PASSWORD })).status).toBe(
      409,
    );
    const stored = JSON.stringify(
      await t.db.em().getConnection().execute('select * from user_recovery_codes'),
    );
    for (const code of result.recoveryCodes) expect(stored).not.toContain(code);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await t.anonymous().rest('POST', '/auth/2fa/setup', { password: TEST_PASSWORD })).status,
    ).toBe(401);
  });
});

describe('signing in with 2FA on', () => {
  it('grants nothing after the password alone; a code completes it (REST), once', async () => {
    const { secret } = await enableTwoFactor(admin);
    const { client, res } = await passwordStep();
    expect(res.body).toEqual({ success: false, twoFactorRequired: true });
    expect((await client.rest('GET', '/auth/me')).status).toBe(401);
    const code = await codeAt(secret, now());
    const done = await client.rest<TLoginResult>('POST', '/auth/login/2fa', { code });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, user: { username: 'ada' } });
    expect((await client.rest('GET', '/auth/me')).status).toBe(200);
    // The same code again, in a new sign-in, is refused: single use.
    const again = await passwordStep();
    expect((await again.client.rest('POST', '/auth/login/2fa', { code })).status).toBe(401);
  });

  it('accepts a code one step off, refuses two steps off (tRPC)', async () => {
    const { secret } = await enableTwoFactor(admin);
    const { client } = await passwordStep();
    await expect(
      client.trpc.auth.loginSecondFactor.mutate({ code: await codeAt(secret, now() - 65) }),
    ).rejects.toMatchObject({ data: { httpStatus: 401 } });
    const ok = await client.trpc.auth.loginSecondFactor.mutate({
      code: await codeAt(secret, now() + 30),
    });
    expect(ok.success).toBe(true);
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes } = await enableTwoFactor(admin);
    const first = await passwordStep();
    const code = recoveryCodes[0]!.toUpperCase();
    expect(
      (await first.client.rest('POST', '/auth/login/2fa', { recoveryCode: code })).status,
    ).toBe(200);
    const second = await passwordStep();
    expect(
      (await second.client.rest('POST', '/auth/login/2fa', { recoveryCode: code })).status,
    ).toBe(401);
  });

  it('refuses the second step without the first, or with both kinds of code', async () => {
    const { secret } = await enableTwoFactor(admin);
    const res = await t
      .anonymous()
      .rest<{ message: string }>('POST', '/auth/login/2fa', { code: '123456' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.signInFirst);
    const { client } = await passwordStep();
    const both = await client.rest('POST', '/auth/login/2fa', {
      code: await codeAt(secret, now()),
      recoveryCode: 'abcde-fghjk',
    });
    expect(both.status).toBe(400);
  });

  it('turns off with the password and a code; not with a wrong password', async () => {
    const { secret } = await enableTwoFactor(admin);
    const wrong = await admin.rest<{ message: string }>('POST', '/auth/2fa/disable', {
      password: 'nope-nope-nope',
      code: await codeAt(secret, now()),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.wrongPassword);
    const off = await admin.rest('POST', '/auth/2fa/disable', {
      password: TEST_PASSWORD,
      code: await codeAt(secret, now() + 30),
    });
    expect(off.status).toBe(200);
    const { res } = await passwordStep();
    expect(res.body).toMatchObject({ success: true });
  });
});

describe('requiring 2FA for admins', () => {
  it('keeps an admin without 2FA out of admin operations until they set it up', async () => {
    const body = {
      ...SECURITY_FORM_DEFAULTS,
      requireAdminTwoFactor: true,
    };
    expect((await admin.rest('PUT', '/security/settings', body)).status).toBe(200);
    const refused = await admin.rest<{ message: string }>('GET', '/contacts/search');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.required);
    // The streamed downloads (plain routes, not procedures) follow the same rule.
    const download = await admin.rest<{ message: string }>('GET', '/contacts/export/csv');
    expect(download.status).toBe(403);
    expect(download.body.message).toBe(TWO_FACTOR_MESSAGES.required);
    expect((await admin.trpc.auth.me.query()).twoFactorRequired).toBe(true);
    await enableTwoFactor(admin);
    expect((await admin.rest('GET', '/contacts/search')).status).toBe(200);
  });
});

describe('active sessions', () => {
  it('lists mine with the current one marked, revokes one and all others (REST and tRPC)', async () => {
    const second = (await passwordStep()).client;
    const third = (await passwordStep()).client;
    const list = await admin.rest<TSessionInfo[]>('GET', '/auth/sessions');
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((s) => s.current)).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ ip: '127.0.0.1' });
    const theirs = (await second.rest<TSessionInfo[]>('GET', '/auth/sessions')).body.find(
      (s) => s.current,
    )!;
    expect((await admin.rest('DELETE', `/auth/sessions/${theirs.id}`)).status).toBe(200);
    expect((await second.rest('GET', '/auth/me')).status).toBe(401);
    const result = await admin.trpc.auth.revokeOtherSessions.mutate();
    expect(result.revoked).toBe(1);
    expect((await third.rest('GET', '/auth/me')).status).toBe(401);
    expect((await admin.rest('GET', '/auth/me')).status).toBe(200);
  });

  it("cannot revoke another user's session (404) and never shows the secret session id", async () => {
    const other = await t.signedIn('user');
    const theirs = (await other.rest<TSessionInfo[]>('GET', '/auth/sessions')).body[0]!;
    expect((await admin.rest('DELETE', `/auth/sessions/${theirs.id}`)).status).toBe(404);
    expect((await other.rest('GET', '/auth/me')).status).toBe(200);
    expect(other.cookieHeader).not.toContain(theirs.id);
    const rows = await t.db
      .em()
      .getConnection()
      .execute<{ id: string; public_id: string }[]>('select id, public_id from sessions');
    const listed = JSON.stringify((await admin.rest('GET', '/auth/sessions')).body);
    for (const row of rows) expect(listed).not.toContain(row.id);
  });
});
