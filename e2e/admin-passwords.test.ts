// Passwords from the screens: "Forgot password?" to a new one through the emailed link (read
// from the outbox: this app has no SMTP), at 375 px; a change on the Account page at 1280 px.
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
const RESET_TO = 'a-password-from-the-link-1';
const CHANGED_TO = 'a-password-changed-here-2';

describe('passwords', () => {
  it('sets a new password through "Forgot password?" and the emailed link (phone)', async () => {
    const [admin] = await suite.sql<{ email: string }>(
      'select email from users where username = $1',
      [E2E_ADMIN.username],
    );
    const p = await adminPage(suite, { viewport: PHONE, signedIn: false });
    const { page } = p;
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(admin!.email);
    await page.getByRole('button', { name: 'Email Me a Link' }).click();
    await expect
      .poll(
        () => page.getByText('a link to set a new password is on its way').isVisible(),
        RENDERED,
      )
      .toBe(true);
    expect(await screenshotAndAxe(page, 'forgot-password-phone.png')).toEqual([]);
    const [mail] = await suite.sql<{ text: string }>(
      `select text from notification_messages where kind = 'password_reset'`,
    );
    const link = /(\/admin\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill(RESET_TO);
    await page.getByLabel('Confirm Password').fill('something-else-entirely');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect.poll(() => page.getByText("Passwords don't match").isVisible()).toBe(true);
    await page.getByLabel('Confirm Password').fill(RESET_TO);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect
      .poll(() => page.getByText('Your password is set.').isVisible(), RENDERED)
      .toBe(true);
    await page.screenshot({ path: shot('reset-password-phone.png') });
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.getByPlaceholder('Enter your username').fill(E2E_ADMIN.username);
    await page.getByPlaceholder('Enter your password').fill(RESET_TO);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/admin', { timeout: 10_000 });
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('changes the password on the Account page (desktop)', async () => {
    const p = await adminPage(suite, { as: { username: E2E_ADMIN.username, password: RESET_TO } });
    const { page } = p;
    await page.goto('/admin/account');
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill(CHANGED_TO);
    await page.getByLabel('Confirm New Password').fill(CHANGED_TO);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Error', 'Failed to change the password');
    await page.getByLabel('Current Password').fill(RESET_TO);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Success', 'Password changed; your other sessions are signed out');
    await page.getByRole('heading', { name: 'Password' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('account-password-desktop.png') });
    const login = await page.request.post('/api/auth/login', {
      data: { username: E2E_ADMIN.username, password: CHANGED_TO },
    });
    expect(login.ok()).toBe(true);
    expect(unexpectedErrors(p.consoleErrors, [400])).toEqual([]);
    await p.close();
  });
});
