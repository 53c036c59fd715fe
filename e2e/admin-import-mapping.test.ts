// A HubSpot export imported through the mapping the dialog proposes from its header: at 375 px
// the user moves the status to the lifecycle stage and reads the status table; at 1280 px the
// proposed columns are shown as they come.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  DESKTOP,
  expectToast,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
  type AdminPage,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();

const HUBSPOT = [
  'Record ID,First Name,Last Name,Email,Company Name,Phone Number,Lead Status,Lifecycle Stage,Contact owner',
  '201,Grace,Hopper,grace@navy.example,US Navy,+1 555 0101,IN_PROGRESS,customer,e2e-admin',
  '202,Alan,Turing,alan@bletchley.example,,,OPEN_DEAL,opportunity,Someone Who Left',
  '203,Ada,Lovelace,ada@engine.example,Analytical Engines,,NEW,lead,',
].join('\n');

async function openImport({ page }: AdminPage) {
  await page.goto('/admin/contacts');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts from CSV' });
  await dialog.waitFor();
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'hubspot-contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(HUBSPOT),
  });
  await expect.poll(() => dialog.getByTestId('import-mapping').isVisible(), RENDERED).toBe(true);
  return dialog;
}

/** Picks the column a field is read from (its select is labelled by the field). */
async function pickColumn(page: Page, field: string, column: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

describe('importing another CRM’s export', () => {
  it('proposes the mapping of a HubSpot export, takes an adjustment and imports through it (phone)', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const dialog = await openImport(p);
    const chosen = async (label: string) =>
      dialog.getByRole('combobox', { name: label, exact: true }).textContent();
    expect(await chosen('Name')).toBe('First Name');
    expect(await chosen('Name, continued (e.g. last name)')).toBe('Last Name');
    expect(await chosen('Email')).toBe('Email');
    expect(await chosen('Company')).toBe('Company Name');
    expect(await chosen('Phone')).toBe('Phone Number');
    expect(await chosen('Status')).toBe('Lead Status');
    expect(await chosen('Owner (a user’s email or name)')).toBe('Contact owner');
    expect(await chosen('Message')).toBe('Not imported');

    // Statuses from the lifecycle stage instead, as the table shows them.
    await pickColumn(p.page, 'Status', 'Lifecycle Stage');
    await dialog.getByText('How statuses are read').click();
    expect(await dialog.getByRole('cell', { name: /Opportunity/ }).isVisible()).toBe(true);
    await dialog.getByText('How statuses are read').scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(p.page, 'import-mapping-phone.png')).toEqual([]);

    await dialog.getByRole('button', { name: 'Import Contacts' }).click();
    await expectToast(p.page, 'Upload Complete', 'Imported 3 contacts');
    expect(
      await suite.sql(
        `select c.name, c.company, c.status, u.username as owner
           from contacts c left join users u on u.id = c.owner_id
          where c.source = 'csv_import' order by c.name`,
      ),
    ).toEqual([
      { name: 'Ada Lovelace', company: 'Analytical Engines', status: 'new', owner: null },
      { name: 'Alan Turing', company: null, status: 'qualified', owner: null },
      { name: 'Grace Hopper', company: 'US Navy', status: 'converted', owner: 'e2e-admin' },
    ]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('shows the proposed columns beside each field, and needs a name and an email (desktop)', async () => {
    const d = await adminPage(suite, { viewport: DESKTOP });
    const dialog = await openImport(d);
    await d.page.screenshot({ path: shot('import-mapping-desktop.png') });
    await pickColumn(d.page, 'Email', 'Not imported');
    expect(await dialog.getByRole('button', { name: 'Import Contacts' }).isDisabled()).toBe(true);
    await pickColumn(d.page, 'Email', 'Email');
    expect(await dialog.getByRole('button', { name: 'Import Contacts' }).isDisabled()).toBe(false);
    expect(unexpectedErrors(d.consoleErrors)).toEqual([]);
    await d.close();
  });
});
