// Login validation and flow, the guard, sign out, and the sidebar drawer on a phone.
import { shot } from './support/browser';
import { describe, expect, it } from 'vitest';
import {
  E2E_ADMIN,
  PHONE,
  RENDERED,
  adminPage,
  expectToast,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';

const suite = useAdminSuite();

describe('admin login', () => {
  it('shows field errors, refuses bad credentials, then signs in and redirects to /admin', async () => {
    const { page, consoleErrors, close } = await adminPage(suite, { signedIn: false });
    await page.goto('/admin/login');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Admin Login' }).isVisible(), RENDERED)
      .toBe(true);
    await expect
      .poll(() => page.getByText('Sign in to access the admin panel').isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Website' }).getAttribute('href')).toBe(
      '/',
    );

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Username is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await page.getByPlaceholder('Enter your username').fill(E2E_ADMIN.username);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Username is required').count()).toBe(0);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await page.getByPlaceholder('Enter your password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const text = await expectToast(page, 'Login Failed');
    expect(text.length).toBeGreaterThan('Login Failed'.length);
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(page.url()).toContain('/admin/login');

    // Hold the login response so the pending label is observable.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/trpc/auth.login**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByPlaceholder('Enter your password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Signing in...' }).isDisabled())
      .toBe(true);
    release();
    await expectToast(page, 'Login Successful', 'Welcome to the admin panel');
    await page.waitForURL((u) => u.pathname === '/admin', { timeout: 10_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible(), RENDERED)
      .toBe(true);
    await expect.poll(() => page.getByTestId('signed-in-user').innerText()).toMatch(/admin/i);
    // The wrong password answers 401 on purpose.
    expect(unexpectedErrors(consoleErrors, [401])).toEqual([]);
    await close();
  });

  it('tells an account without the admin role that it has no access, at sign-in and from the guard', async () => {
    const admin = await adminPage(suite);
    const created = await admin.context.request.post('/api/users', {
      data: {
        username: 'no-access',
        email: 'no-access@example.com',
        password: 'a-long-enough-password-1',
        firstName: 'Nora',
        lastName: 'Access',
        role: 'user',
      },
    });
    expect(created.ok()).toBe(true);
    await admin.close();
    const { page, consoleErrors, close } = await adminPage(suite, { signedIn: false });
    await page.goto('/admin/login');
    await page.getByPlaceholder('Enter your username').fill('no-access');
    await page.getByPlaceholder('Enter your password').fill('a-long-enough-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'This account has no access to the back office' });
    await expect.poll(() => alert.isVisible(), RENDERED).toBe(true);
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.goto('/admin/contacts');
    await page.waitForURL((u) => u.pathname === '/admin/login' && u.search === '?access=none');
    await expect.poll(() => alert.isVisible(), RENDERED).toBe(true);
    await page.screenshot({ path: shot('login-no-access-desktop.png') });
    expect(unexpectedErrors(consoleErrors, [401, 403])).toEqual([]);
    await close();
  });

  it('sends a signed-out visitor from every admin route to /admin/login', async () => {
    const { page, consoleErrors, close } = await adminPage(suite, { signedIn: false });
    for (const path of [
      '/admin',
      '/admin/contacts',
      '/admin/users',
      '/admin/campaigns',
      '/admin/legacy',
    ]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/admin/login', { timeout: 10_000 });
      await expect
        .poll(() => page.getByRole('heading', { name: 'Admin Login' }).isVisible(), RENDERED)
        .toBe(true);
    }
    expect(unexpectedErrors(consoleErrors, [401])).toEqual([]);
    await close();
  });

  it('signs out to the login page, after which the guard applies again', async () => {
    const { page, consoleErrors, close } = await adminPage(suite);
    await page.goto('/admin/contacts');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Contacts' }).isVisible(), RENDERED)
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Website' }).getAttribute('href')).toBe(
      '/',
    );
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/login', { timeout: 10_000 });
    await page.goto('/admin/contacts');
    await page.waitForURL((u) => u.pathname === '/admin/login', { timeout: 10_000 });
    expect(unexpectedErrors(consoleErrors, [401])).toEqual([]);
    await close();
  });
});

describe('admin shell on a phone', () => {
  it('toggles the sidebar with the menu button and closes it on navigation', async () => {
    const { page, consoleErrors, close } = await adminPage(suite, { viewport: PHONE });
    await page.goto('/admin');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible(), RENDERED)
      .toBe(true);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const usersLink = nav.getByRole('link', { name: 'Users' });
    expect(await usersLink.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => usersLink.isVisible()).toBe(true);
    await expect
      .poll(async () => (await usersLink.boundingBox())?.x ?? -1)
      .toBeGreaterThanOrEqual(0);
    expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => usersLink.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => usersLink.isVisible()).toBe(true);
    await usersLink.click();
    await expect
      .poll(
        () => page.getByRole('heading', { level: 1, name: 'User Management' }).isVisible(),
        RENDERED,
      )
      .toBe(true);
    await expect.poll(() => usersLink.isVisible()).toBe(false);
    expect(page.url()).toMatch(/\/admin\/users$/);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });
});
