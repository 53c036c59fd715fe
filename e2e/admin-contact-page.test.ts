// A contact's own page: reached from its details, kept across a reload, with its status, fields,
// calls, tasks and a timeline filtered by kind. At 1280 and 375 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  cardMenu,
  closeToasts,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';

const suite = useAdminSuite();
let id = 0;
beforeAll(async () => {
  id = await insertContact(suite, {
    name: 'Maya Patel',
    email: 'maya@northwind.test',
    company: 'Northwind',
    message: 'We need outbound calling for 3 reps.',
  });
});

describe('the contact page', () => {
  it('opens from the details, survives a reload, and filters the timeline by kind (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/contacts');
    await cardMenu(page, 'Actions for Maya Patel', 'View Details');
    await page.getByRole('link', { name: 'Open the contact’s page' }).click();
    await expect.poll(() => new URL(page.url()).pathname, RENDERED).toBe(`/admin/contacts/${id}`);
    await page.reload();
    const heading = page.getByRole('heading', { level: 1, name: 'Maya Patel' });
    await expect.poll(() => heading.isVisible(), RENDERED).toBe(true);
    await page
      .getByRole('group', { name: 'Status of Maya Patel' })
      .getByRole('button', { name: 'Contacted' })
      .click();
    await expectToast(page, 'Success', 'Contact status updated successfully');
    await closeToasts(page);
    await page.getByRole('textbox', { name: 'Add a note' }).fill('Prefers email before noon.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expectToast(page, 'Success', 'Note added');
    await closeToasts(page);
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect.poll(() => activity.getByRole('listitem').count(), RENDERED).toBe(3);
    await page.getByRole('combobox', { name: 'Filter activity by kind' }).click();
    await page.getByRole('option', { name: 'Notes' }).click();
    await expect.poll(() => activity.getByRole('listitem').count(), RENDERED).toBe(1);
    expect(await activity.innerText()).toContain('Prefers email before noon.');
    expect(await screenshotAndAxe(page, 'contact-page-desktop.png', { fullPage: true })).toEqual(
      [],
    );
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('lays out on a phone and says so for an id that does not exist', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const { page } = p;
    await page.goto(`/admin/contacts/${id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Maya Patel' }).isVisible(), RENDERED)
      .toBe(true);
    await page.getByRole('list', { name: 'Activity' }).waitFor();
    expect(await screenshotAndAxe(page, 'contact-page-phone.png', { fullPage: true })).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto('/admin/contacts/999999');
    await expect
      .poll(() => page.getByText('This contact could not be loaded').isVisible(), RENDERED)
      .toBe(true);
    expect(unexpectedErrors(p.consoleErrors, [404])).toEqual([]);
    await p.close();
  });
});
