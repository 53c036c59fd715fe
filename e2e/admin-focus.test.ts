// Keyboard only through three dialogs: focus goes back to the control that opened each one (a
// menu's button when it was a menu item), never to the page. At 1280 px, and the skip link.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adminPage,
  insertContact,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';

const suite = useAdminSuite();
beforeAll(async () => {
  const id = await insertContact(suite, { name: 'Maya Patel', email: 'maya@northwind.test' });
  const [admin] = await suite.sql<{ id: number }>(
    `select id from users where username = 'e2e-admin'`,
  );
  await suite.sql(
    `insert into tasks (title, due_at, assignee_id, contact_id) values ('Send the case study', now() + interval '1 day', $1, $2)`,
    [admin!.id, id],
  );
});

/** The accessible name of what has focus. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });

describe('keyboard focus', () => {
  it('returns to the opener of a dialog, an alert dialog and a dialog opened from a menu', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/contacts');
    // 1. A button: Add Contact.
    const add = page.getByRole('button', { name: 'Add Contact' });
    await add.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Add Contact' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page), RENDERED).toBe('Add Contact');

    // 2. A menu item: View Details from the card's menu.
    const menu = page.getByRole('button', { name: 'Actions for Maya Patel' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'View Details' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Contact Details' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page), RENDERED).toBe('Actions for Maya Patel');

    // 3. An alert dialog from a menu item: Delete a task, cancelled.
    await page.goto('/admin/tasks');
    const taskMenu = page.getByRole('button', { name: 'Actions for the task Send the case study' });
    await taskMenu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => focusedName(page), RENDERED)
      .toBe('Actions for the task Send the case study');
    expect(await suite.sql(`select id from tasks`)).toHaveLength(1);

    // The skip link is the first stop and lands on the content.
    await page.goto('/admin/tasks');
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});
