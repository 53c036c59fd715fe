// User Management: create, search, edit with the password rules, delete, and the refusal to
// delete your own account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  cardMenu,
  closeToasts,
  expectToast,
  useAdminSuite,
  unexpectedErrors,
  type AdminPage,
} from './support/admin';

const suite = useAdminSuite();
let p: AdminPage;
const squash = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();
const cards = () => p.page.getByTestId('user-card');
const names = async () => (await cards().locator('h3').allTextContents()).sort();

beforeAll(async () => {
  p = await adminPage(suite);
  await p.page.goto('/admin/users');
  await cards().first().waitFor();
});
afterAll(async () => {
  await p?.close();
});

describe('admin users', () => {
  it('shows the header and the signed-in admin', async () => {
    expect(await p.page.getByText('Manage system users and their permissions').isVisible()).toBe(
      true,
    );
    expect(await names()).toEqual(['e2e-admin']);
    expect((await p.page.getByTestId('users-total').textContent())?.replace(/\s+/g, ' ')).toBe(
      'Total users: 1',
    );
  });

  it('creates a user; the dialog closes and the list grows', async () => {
    await p.page.getByRole('button', { name: 'Add User' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Create New User' });
    await dialog.waitFor();
    await dialog.getByLabel('First Name').fill('Grace');
    await dialog.getByLabel('Last Name').fill('Hopper');
    await dialog.getByLabel('Username').fill('ghopper');
    await dialog.getByLabel('Email').fill('grace@navy.test');
    await dialog.getByLabel('Password').fill('cobol-1959');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(p.page, 'Success', 'User created successfully');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(names).toEqual(['Grace Hopper', 'e2e-admin']);
    await expect
      .poll(async () =>
        (await p.page.getByTestId('users-total').textContent())?.replace(/\s+/g, ' '),
      )
      .toBe('Total users: 2');
    expect(
      await suite.sql(
        `select 1 from users where username = 'ghopper' and email = 'grace@navy.test'`,
      ),
    ).toHaveLength(1);
    await closeToasts(p.page);
  });

  it('searches with Search users... and says when nothing matches', async () => {
    const search = p.page.getByPlaceholder('Search users...');
    await search.fill('HOPP');
    await expect.poll(names).toEqual(['Grace Hopper']);
    await search.fill('navy');
    await expect.poll(names).toEqual(['Grace Hopper']);
    await search.fill('e2e');
    await expect.poll(names).toEqual(['e2e-admin']);
    await search.fill('nobody-here');
    await expect.poll(() => p.page.getByText('No Matching Users').isVisible()).toBe(true);
    expect(await p.page.getByText('Try adjusting your search criteria').isVisible()).toBe(true);
    await search.fill('');
    await expect.poll(() => cards().count()).toBe(2);
  });

  it('edits a user and enforces the password rules', async () => {
    await cardMenu(p.page, 'Actions for Grace Hopper', 'Edit User');
    const dialog = p.page.getByRole('dialog', { name: 'Edit User' });
    await dialog.waitFor();
    expect(await dialog.getByText('Update user information').isVisible()).toBe(true);
    expect(await dialog.getByText('Change Password (Optional)').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Username').inputValue()).toBe('ghopper');

    await dialog.getByLabel('New Password').fill('abc');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => dialog.getByText('Password must be at least 6 characters').isVisible())
      .toBe(true);

    await dialog.getByLabel('New Password').fill('abcdef');
    await dialog.getByLabel('Confirm Password').fill('abcdeg');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => dialog.getByText("Passwords don't match").isVisible()).toBe(true);
    expect(await dialog.getByText('Password must be at least 6 characters').count()).toBe(0);

    await dialog.getByLabel('Confirm Password').fill('abcdef');
    await dialog.getByLabel('Last Name').fill('Murray Hopper');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(p.page, 'Success', 'User updated successfully');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(names).toEqual(['Grace Murray Hopper', 'e2e-admin']);
    // The new password works.
    const res = await fetch(`${suite.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'ghopper', password: 'abcdef' }),
    });
    expect(res.status).toBeLessThan(400);
    await closeToasts(p.page);
  });

  it('keeps the only admin an admin: the role choice is locked and says why', async () => {
    await cardMenu(p.page, 'Actions for e2e-admin', 'Edit User');
    const dialog = p.page.getByRole('dialog', { name: 'Edit User' });
    await dialog.waitFor();
    const role = dialog.getByRole('combobox', { name: 'Role' });
    expect(await role.isDisabled()).toBe(true);
    expect(squash(await role.textContent())).toMatch(/admin/i);
    expect(await dialog.getByText('This is the only administrator').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('refuses to delete your own account and explains why', async () => {
    await cardMenu(p.page, 'Actions for e2e-admin', 'Delete User');
    const dialog = p.page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('You cannot delete your own account');
    expect(await dialog.getByRole('button', { name: 'Delete User' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await suite.sql(`select 1 from users where username = 'e2e-admin'`)).toHaveLength(1);
  });

  it('deletes another user after confirmation', async () => {
    await cardMenu(p.page, 'Actions for Grace Murray Hopper', 'Delete User');
    const dialog = p.page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('ghopper');
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expectToast(p.page, 'Success', 'User deleted successfully');
    await expect.poll(names).toEqual(['e2e-admin']);
    expect(await suite.sql(`select 1 from users where username = 'ghopper'`)).toHaveLength(0);
  });

  it('made no console errors', () => {
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
  });
});
