// Team work on the contacts screen: the owner filter, assigning in the details, picking contacts
// and acting on them in bulk (status, owner, export, delete), and the Lead Routing card.
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  cardMenu,
  chooseOption,
  closeToasts,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
  type AdminPage,
} from './support/admin';
import { shot, downloaded } from './support/browser';

const suite = useAdminSuite();
let rita = 0;
const NAMES = ['Maya Patel', 'Liam Chen', 'Ava Rossi', 'Noah Smith', 'Zoe Park', 'Omar Haddad'];

beforeAll(async () => {
  const [user] = await suite.sql<{ id: number }>(
    `insert into users (username, password, email, first_name, last_name, role)
     values ('rita', 'not-a-hash', 'rita@convoza.test', 'Rita', 'Reyes', 'admin') returning id`,
  );
  rita = user!.id;
  for (const [i, name] of NAMES.entries())
    await insertContact(suite, {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
      company: i % 2 ? 'Contoso' : 'Northwind',
    });
});

async function openContacts(viewport?: { width: number; height: number }): Promise<AdminPage> {
  const p = await adminPage(suite, { viewport });
  await p.page.goto('/admin/contacts');
  await p.page
    .getByTestId('contact-card')
    .nth(NAMES.length - 1)
    .waitFor();
  return p;
}
const contactRows = () =>
  suite.sql<{ name: string; status: string; owner_id: number | null }>(
    'select name, status, owner_id from contacts order by id',
  );

describe('contacts: ownership and bulk actions', () => {
  it('sets the status of two picked contacts, then assigns every shown contact to Rita (desktop)', async () => {
    const p = await openContacts();
    const { page } = p;
    await page.getByRole('checkbox', { name: 'Select Maya Patel' }).check();
    await page.getByRole('checkbox', { name: 'Select Liam Chen' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect.poll(() => bar.getByText('2 contacts selected').isVisible(), RENDERED).toBe(true);
    await chooseOption(page, 'Set status of the selected contacts', 'Qualified');
    await expectToast(page, 'Success', '2 contacts updated');
    await closeToasts(page);
    const rows = await contactRows();
    expect(
      rows
        .filter((r) => r.status === 'qualified')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Liam Chen', 'Maya Patel']);

    await page.getByRole('checkbox', { name: 'Select all shown (6)' }).check();
    await expect.poll(() => bar.getByText('6 contacts selected').isVisible(), RENDERED).toBe(true);
    await chooseOption(page, 'Assign the selected contacts', 'Rita Reyes');
    await expectToast(page, 'Success', '6 contacts reassigned');
    await closeToasts(page);
    expect((await contactRows()).every((r) => r.owner_id === rita)).toBe(true);
    await expect
      .poll(
        () => page.getByTestId('contact-card').first().getByText('Rita Reyes').isVisible(),
        RENDERED,
      )
      .toBe(true);

    await chooseOption(page, 'Filter by owner', 'Unassigned');
    await expect
      .poll(() => page.getByText('No Matching Contacts').isVisible(), RENDERED)
      .toBe(true);
    await chooseOption(page, 'Filter by owner', 'Rita Reyes');
    await expect.poll(() => page.getByTestId('contact-card').count(), RENDERED).toBe(6);
    await page.getByRole('checkbox', { name: 'Select Ava Rossi' }).check();
    expect(await screenshotAndAxe(page, 'contacts-bulk-desktop.png', { fullPage: true })).toEqual(
      [],
    );
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('changes the owner in the contact details', async () => {
    const p = await openContacts();
    await cardMenu(p.page, 'Actions for Noah Smith', 'View Details');
    const dialog = p.page.getByRole('dialog');
    await chooseOption(p.page, 'Owner', 'Unassigned');
    await expectToast(p.page, 'Success', 'Contact unassigned');
    expect((await contactRows()).find((r) => r.name === 'Noah Smith')?.owner_id).toBeNull();
    await dialog.screenshot({ path: shot('contact-owner-dialog.png') });
    await p.close();
  });

  it('exports, then deletes, all contacts matching a filter (phone)', async () => {
    const p = await openContacts(PHONE);
    const { page } = p;
    await chooseOption(page, 'Filter by status', 'Qualified');
    await expect.poll(() => page.getByTestId('contact-card').count(), RENDERED).toBe(2);
    await page.getByRole('checkbox', { name: 'Select Maya Patel' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Select all 2 matching' }).click();
    await expect.poll(() => bar.getByText('2 contacts selected').isVisible(), RENDERED).toBe(true);
    expect(await screenshotAndAxe(page, 'contacts-bulk-phone.png', { fullPage: true })).toEqual([]);

    const csv = (await downloaded(page, bar.getByRole('button', { name: 'Export' }))).lines;
    expect(
      csv
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(['Liam Chen', 'Maya Patel']);
    await expectToast(page, 'Success', '2 contacts exported');
    await closeToasts(page);

    await bar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 2 contacts' }).click();
    await expectToast(page, 'Success', '2 contacts deleted');
    expect((await contactRows()).map((r) => r.name)).toEqual([
      'Ava Rossi',
      'Noah Smith',
      'Zoe Park',
      'Omar Haddad',
    ]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});

describe('Users: Lead Routing', () => {
  it('turns round-robin on for Rita and says so', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const { page } = p;
    await page.goto('/admin/users');
    const card = page
      .getByRole('heading', { name: 'Lead Routing' })
      .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    await expect.poll(() => card.getByText('Round-robin is off').isVisible(), RENDERED).toBe(true);
    await card.getByRole('checkbox', { name: 'Rita Reyes' }).check();
    await card.getByRole('button', { name: 'Save Routing' }).click();
    await expectToast(page, 'Success', 'New leads go in turn to 1 user');
    await expect.poll(() => card.getByText('Round-robin is on').isVisible(), RENDERED).toBe(true);
    expect(await screenshotAndAxe(page, 'lead-routing-phone.png', { fullPage: true })).toEqual([]);
    expect(await suite.sql('select user_id from lead_routing_members')).toEqual([
      { user_id: rita },
    ]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});
