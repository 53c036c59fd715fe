// A user's own password: changed from the account (POST /api/account/password) and reset by an
// emailed one-time link (POST /api/auth/password-reset, .../confirm), over REST and tRPC, through
// a real SMTP server.
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../shared/users.schema';
import type { RestErrorBody } from '../test/rest-error-body';
import { Client, TEST_PASSWORD } from '../test-app';
import { useMailTestApp } from '../test/use-test-app';

const { inbox, t } = await useMailTestApp();

const NEW_PASSWORD = 'a-brand-new-password-2';
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(text, params);

const signIn = (username: string, password: string) =>
  new Client(t.url).rest('POST', '/auth/login', { username, password });

describe('POST /api/account/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const me = await t.signedIn('admin', 'changer');
    const other = new Client(t.url);
    expect(
      (await other.rest('POST', '/auth/login', { username: 'changer', password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
    const res = await me.rest<{ signedOut: number }>('POST', '/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.signedOut).toBe(1);
    expect((await me.rest('GET', '/auth/me')).status).toBe(200);
    expect((await other.rest('GET', '/auth/me')).status).toBe(401);
    expect((await signIn('changer', TEST_PASSWORD)).status).toBe(401);
    expect((await signIn('changer', NEW_PASSWORD)).status).toBe(200);
    const [audited] = await sql<{ action: string }>(
      `select action from audit_log where action = 'change_password'`,
    );
    expect(audited).toEqual({ action: 'change_password' });
  });

  it('refuses a wrong current password or a short new one (400 naming the field), over tRPC too', async () => {
    const me = await t.signedIn('admin', 'careful');
    const wrong = await me.rest<RestErrorBody>('POST', '/account/password', {
      currentPassword: 'not-it-at-all',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data?.fieldErrors?.currentPassword).toBeTruthy();
    const short = await me.rest<RestErrorBody>('POST', '/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.data?.fieldErrors?.newPassword).toBe(USER_MESSAGES.passwordTooShort);
    await expect(
      me.trpc.auth.changePassword.mutate({ currentPassword: 'nope', newPassword: NEW_PASSWORD }),
    ).rejects.toThrow(/password/i);
    expect((await signIn('careful', TEST_PASSWORD)).status).toBe(200);
    expect((await new Client(t.url).rest('POST', '/account/password', {})).status).toBe(401);
  });
});

describe('password reset by email', () => {
  const linkIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('emails a one-time link that sets the password once and signs the account out everywhere', async () => {
    const me = await t.signedIn('admin', 'forgetful');
    const res = await new Client(t.url).rest<{ message: string }>('POST', '/auth/password-reset', {
      email: 'Forgetful@Example.com',
    });
    expect(res.status).toBe(202);
    const [mail] = await inbox.waitFor(1);
    expect(JSON.stringify(mail!.to)).toContain('forgetful@example.com');
    const token = linkIn(mail!.text ?? '')!;
    expect(token).toBeTruthy();

    const done = await new Client(t.url).rest('POST', '/auth/password-reset/confirm', {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect((await me.rest('GET', '/auth/me')).status).toBe(401);
    expect((await signIn('forgetful', NEW_PASSWORD)).status).toBe(200);
    const again = await new Client(t.url).rest<RestErrorBody>(
      'POST',
      '/auth/password-reset/confirm',
      {
        token,
        newPassword: 'yet-another-password-3',
      },
    );
    expect(again.status).toBe(400);
    expect(again.body.data?.fieldErrors?.token).toMatch(/invalid, already used or expired/);
    expect((await signIn('forgetful', NEW_PASSWORD)).status).toBe(200);
  });

  it('spends a link asked for before a password change, an admin’s reset of it, or a deactivation', async () => {
    const me = await t.signedIn('admin', 'spent');
    const admin = await t.signedIn('admin', 'resetter');
    const ask = async () => {
      const before = inbox.messages.length;
      await new Client(t.url).rest('POST', '/auth/password-reset', { email: 'spent@example.com' });
      const mails = await inbox.waitFor(before + 1);
      return linkIn(mails[before]!.text ?? '')!;
    };
    const use = (token: string) =>
      new Client(t.url).rest<RestErrorBody>('POST', '/auth/password-reset/confirm', {
        token,
        newPassword: 'never-set-by-this-3',
      });
    // Asked for, then the password changed by its user: the link is spent.
    const first = await ask();
    expect(
      (
        await me.rest('POST', '/account/password', {
          currentPassword: TEST_PASSWORD,
          newPassword: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect((await use(first)).body.data?.fieldErrors?.token).toMatch(/invalid, already used/);
    // Asked for, then an admin set a new one (over tRPC).
    const second = await ask();
    await admin.trpc.admin.users.update.mutate({
      id: me.userId,
      username: 'spent',
      email: 'spent@example.com',
      firstName: null,
      lastName: null,
      newPassword: 'set-by-the-admin-4',
    });
    expect((await use(second)).status).toBe(400);
    // Asked for, then the account deactivated.
    const third = await ask();
    await sql(`update users set is_active = false where id = ?`, [me.userId]);
    expect((await use(third)).status).toBe(400);
    expect((await signIn('spent', 'set-by-the-admin-4')).status).toBe(401);
  });

  it('refuses an expired link and answers an unknown address the same way, sending nothing', async () => {
    await t.signedIn('admin', 'late');
    const anonymous = new Client(t.url);
    const known = await anonymous.rest('POST', '/auth/password-reset', {
      email: 'late@example.com',
    });
    const unknown = await anonymous.rest('POST', '/auth/password-reset', {
      email: 'nobody-here@example.com',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const [mail] = await inbox.waitFor(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(inbox.messages).toHaveLength(1);
    await sql(`update password_resets set expires_at = now() - interval '1 minute'`);
    const expired = await anonymous.rest('POST', '/auth/password-reset/confirm', {
      token: linkIn(mail!.text ?? ''),
      newPassword: NEW_PASSWORD,
    });
    expect(expired.status).toBe(400);
    expect(
      (await anonymous.rest('POST', '/auth/password-reset', { email: 'not-an-email' })).status,
    ).toBe(400);
    await expect(
      anonymous.trpc.auth.confirmPasswordReset.mutate({
        token: 'x'.repeat(43),
        newPassword: NEW_PASSWORD,
      }),
    ).rejects.toThrow(/invalid, already used or expired/);
  });
});
