// Account Security: set up two-factor sign-in with a code computed from the key shown, sign in
// with a code and with a recovery code, and sign another session out; at 1280 and 375 px.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  E2E_ADMIN,
  expectToast,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();
let secret = '';
let recoveryCodes: string[] = [];

const now = () => Math.floor(Date.now() / 1000);

async function signInWithPassword() {
  const p = await adminPage(suite, { signedIn: false });
  await p.page.goto('/admin/login');
  await p.page.getByLabel('Username').fill(E2E_ADMIN.username);
  await p.page.getByLabel('Password').fill(E2E_ADMIN.password);
  await p.page.getByRole('button', { name: 'Sign In' }).click();
  await expect
    .poll(() => p.page.getByText('Two-factor authentication').isVisible(), RENDERED)
    .toBe(true);
  return p;
}

describe('Account Security', () => {
  it('sets up two-factor sign-in and shows the recovery codes once (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/account');
    // A stolen session alone cannot enrol an authenticator: the set-up asks for the password.
    await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    await expect
      .poll(() => page.getByText('Password is required').isVisible(), RENDERED)
      .toBe(true);
    await page.getByLabel('Your password').fill('not-the-password');
    await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    await expect
      .poll(() => page.getByText('The password is not right.').isVisible(), RENDERED)
      .toBe(true);
    await page.screenshot({ path: shot('account-2fa-password-desktop.png') });
    await page.getByLabel('Your password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expect
      .poll(() => page.getByAltText('QR code to scan with your authenticator app').isVisible())
      .toBe(true);
    expect(
      await screenshotAndAxe(page, 'account-2fa-setup-desktop.png', { fullPage: true }),
    ).toEqual([]);
    await page.getByLabel('Code from the app').fill(await generate({ secret, epoch: now() - 30 }));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    recoveryCodes = (await codes.textContent())!.trim().split(/\s+/);
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await expectToast(page, 'Success', 'Two-factor authentication is on');
    await expect
      .poll(() => page.getByRole('button', { name: 'Turn Off' }).isVisible(), RENDERED)
      .toBe(true);
    // The wrong password's 400, on purpose.
    expect(unexpectedErrors(p.consoleErrors, [400])).toEqual([]);
    await p.close();
  });

  it('signs in with the password and then a code from the app', async () => {
    const p = await signInWithPassword();
    await p.page.getByLabel('Authentication code').fill(await generate({ secret, epoch: now() }));
    await p.page.getByRole('button', { name: 'Verify' }).click();
    await expectToast(p.page, 'Login Successful');
    await p.page.waitForURL('**/admin');
    await p.close();
  });

  it('signs in with a recovery code, which then no longer works (phone)', async () => {
    const p = await signInWithPassword();
    await p.page.setViewportSize(PHONE);
    await p.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await p.page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    expect(await screenshotAndAxe(p.page, 'login-2fa-phone.png')).toEqual([]);
    await p.page.getByRole('button', { name: 'Verify' }).click();
    await p.page.waitForURL('**/admin');
    await p.close();

    const again = await signInWithPassword();
    await again.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await again.page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => again.page.getByText(/That code is not right/).isVisible(), RENDERED)
      .toBe(true);
    await again.close();
  });

  it('lists the sessions and signs the others out (phone)', async () => {
    const other = await signInWithPassword();
    await other.page
      .getByLabel('Authentication code')
      .fill(await generate({ secret, epoch: now() + 30 }));
    await other.page.getByRole('button', { name: 'Verify' }).click();
    await other.page.waitForURL('**/admin');

    const p = await adminPage(suite, {
      viewport: PHONE,
      signedIn: false,
    });
    // This page signs in through the API with the second step, like a script would.
    const login = await p.context.request.post('/api/auth/login', { data: E2E_ADMIN });
    expect(await login.json()).toEqual({ success: false, twoFactorRequired: true });
    const second = await p.context.request.post('/api/auth/login/2fa', {
      data: { recoveryCode: recoveryCodes[1] },
    });
    expect(second.status()).toBe(200);
    await p.page.goto('/admin/account');
    const sessions = p.page.getByTestId('session');
    await expect.poll(() => sessions.count(), RENDERED).toBeGreaterThanOrEqual(2);
    await expect.poll(() => p.page.getByText('This device').count()).toBe(1);
    expect(
      await screenshotAndAxe(p.page, 'account-sessions-phone.png', { fullPage: true }),
    ).toEqual([]);
    await p.page.getByRole('button', { name: 'Sign Out All Other Sessions' }).click();
    await expectToast(p.page, 'Success', /Signed out \d+ other session/);
    await expect.poll(() => sessions.count(), RENDERED).toBe(1);
    const res = await other.context.request.get('/api/auth/me');
    expect(res.status()).toBe(401);
    await other.close();
    await p.close();
  });
});
