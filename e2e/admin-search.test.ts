// Find anything: Ctrl+K opens the search from any screen, results come grouped as you type, and
// Enter opens the first (a contact's details). At 1280 px by keyboard, at 375 px from the top bar.
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/public';
import {
  adminPage,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();
beforeAll(async () => {
  await insertContact(suite, {
    name: 'Maya Patel',
    email: 'maya@northwind.test',
    company: 'Northwind',
  });
  await insertContact(suite, { name: 'Omar Haddad', email: 'omar@fabrikam.test' });
  await suite.sql(
    `insert into campaigns (name, type, status) values ('Northwind launch', 'email', 'active')`,
  );
});

describe('search', () => {
  it('opens with Ctrl+K, groups what it finds, and Enter opens the first contact (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/tasks');
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const box = dialog.getByRole('searchbox', { name: 'Search the back office' });
    await expect
      .poll(() => box.evaluate((el) => el === document.activeElement), RENDERED)
      .toBe(true);
    await page.keyboard.type('northwind');
    const contacts = dialog.getByRole('region', { name: 'Contacts' });
    await expect.poll(() => contacts.getByText('Maya Patel').isVisible(), RENDERED).toBe(true);
    await expect
      .poll(() =>
        dialog.getByRole('region', { name: 'Campaigns' }).getByText('Northwind launch').isVisible(),
      )
      .toBe(true);
    await dialog.screenshot({ path: shot('search-desktop.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Contact Details' });
    await expect
      .poll(() => details.getByText('maya@northwind.test').first().isVisible(), RENDERED)
      .toBe(true);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toMatch(
      /^\/admin\/contacts\?contact=\d+$/,
    );
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('opens from the top bar on a phone and says when nothing matches', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const { page } = p;
    await page.goto('/admin');
    await page.getByRole('button', { name: /Search/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('searchbox').fill('zzqx');
    await expect
      .poll(() => dialog.getByText('Nothing found for “zzqx”.').isVisible(), RENDERED)
      .toBe(true);
    await dialog.getByRole('searchbox').fill('omar');
    await expect.poll(() => dialog.getByText('Omar Haddad').isVisible(), RENDERED).toBe(true);
    await page.screenshot({ path: shot('search-phone.png') });
    await dialog.getByText('Omar Haddad').click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Contact Details' }).isVisible(), RENDERED)
      .toBe(true);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});
