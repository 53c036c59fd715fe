// Every contacts action against known rows: search, status filter, status change, details,
// delete, export download, import (good, bad, not CSV, skip_invalid with progress and error report) and Delete All.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  cardMenu,
  chooseOption,
  closeToasts,
  DESKTOP,
  expectToast,
  insertContact,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
  type AdminPage,
} from './support/admin';
import { EXPORT_HEADER } from '../src/server/contacts/contacts-export-copy.sql';
import { shot, downloaded } from './support/browser';

const suite = useAdminSuite();
let p: AdminPage;
const cards = () => p.page.getByTestId('contact-card');
const badge = async (label: string) =>
  (await p.page.getByTestId(`count-${label}`).textContent())?.replace(/\s+/g, ' ').trim();
const names = async () => (await cards().locator('h2').allInnerTexts()).sort();

beforeAll(async () => {
  await insertContact(suite, {
    name: 'Maya Patel',
    email: 'maya@northwind.test',
    company: 'Northwind',
    phone: '+1 555 0101',
    message: 'We need AI outbound.',
    status: 'new',
  });
  await insertContact(suite, {
    name: 'Liam Chen',
    email: 'liam@contoso.test',
    company: 'Contoso',
    status: 'contacted',
  });
  await insertContact(suite, {
    name: 'Ava Rossi',
    email: 'ava@fabrikam.test',
    company: 'Fabrikam',
    status: 'qualified',
  });
  await insertContact(suite, {
    name: 'Noah Smith',
    email: 'noah@NORTHWIND.test',
    company: null,
    status: 'converted',
  });
  p = await adminPage(suite);
  await p.page.goto('/admin/contacts');
  await cards().nth(3).waitFor();
});
afterAll(async () => {
  await p?.close();
});

describe('admin contacts', () => {
  it('shows the total and the per-status counts', async () => {
    await expect
      .poll(() => p.page.getByTestId('contacts-total').innerText())
      .toBe('Total: 4 contacts');
    for (const [label, n] of [
      ['All', 4],
      ['New', 1],
      ['Contacted', 1],
      ['Qualified', 1],
      ['Converted', 1],
    ] as const)
      expect(await badge(label)).toBe(`${label} ${n}`);
  });

  it('searches name, email and company case-insensitively, and says when nothing matches', async () => {
    const search = p.page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('northwind');
    await expect.poll(names, RENDERED).toEqual(['Maya Patel', 'Noah Smith']);
    await search.fill('LIAM');
    await expect.poll(names, RENDERED).toEqual(['Liam Chen']);
    await search.fill('fabri');
    await expect.poll(names, RENDERED).toEqual(['Ava Rossi']);
    await search.fill('zzz-nobody');
    await expect
      .poll(() => p.page.getByText('No Matching Contacts').isVisible(), RENDERED)
      .toBe(true);
    expect(await p.page.getByText('Try adjusting your search or filter criteria').isVisible()).toBe(
      true,
    );
    await search.fill('');
    await expect.poll(() => cards().count(), RENDERED).toBe(4);
  });

  it('filters by status', async () => {
    await chooseOption(p.page, 'Filter by status', 'Contacted');
    await expect.poll(names, RENDERED).toEqual(['Liam Chen']);
    await chooseOption(p.page, 'Filter by status', 'Converted');
    await expect.poll(names, RENDERED).toEqual(['Noah Smith']);
    await chooseOption(p.page, 'Filter by status', 'All Status');
    await expect.poll(() => cards().count(), RENDERED).toBe(4);
  });

  it('changes a status with a toast and updated counts', async () => {
    const group = p.page.getByRole('group', { name: 'Status of Maya Patel' });
    await group.getByRole('button', { name: 'Qualified' }).click();
    await expectToast(p.page, 'Success', 'Contact status updated successfully');
    await expect
      .poll(() => group.getByRole('button', { name: 'Qualified' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => badge('Qualified'), RENDERED).toBe('Qualified 2');
    expect(await badge('New')).toBe('New 0');
    const [row] = await suite.sql<{ status: string }>(
      `select status from contacts where email = 'maya@northwind.test'`,
    );
    expect(row!.status).toBe('qualified');
    await closeToasts(p.page);
  });

  it('shows every field in the details dialog', async () => {
    await cardMenu(p.page, 'Actions for Maya Patel', 'View Details');
    const dialog = p.page.getByRole('dialog', { name: 'Contact Details' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    for (const s of [
      'Maya Patel',
      'maya@northwind.test',
      'Northwind',
      '+1 555 0101',
      'Qualified',
      'website',
      'We need AI outbound.',
      'Created',
      'Updated',
    ])
      expect(text).toContain(s);
    await p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('deletes one contact after confirmation', async () => {
    await cardMenu(p.page, 'Actions for Liam Chen', 'Delete');
    const confirm = p.page.getByRole('alertdialog');
    await expect.poll(() => confirm.innerText(), RENDERED).toContain('liam@contoso.test');
    await confirm.getByRole('button', { name: 'Delete contact' }).click();
    await expectToast(p.page, 'Contact deleted successfully');
    await expect.poll(names, RENDERED).toEqual(['Ava Rossi', 'Maya Patel', 'Noah Smith']);
    await expect
      .poll(() => p.page.getByTestId('contacts-total').innerText())
      .toBe('Total: 3 contacts');
    await closeToasts(p.page);
  });

  it('exports a CSV download named contacts-YYYY-MM-DD.csv', async () => {
    const download = await downloaded(p.page, p.page.getByRole('button', { name: 'Export CSV' }));
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(download.name).toBe(`contacts-${today}.csv`);
    const { text: csv, lines } = download;
    // The contact's fields in the API's order, the consent's parts flat (contact-columns.test.ts).
    expect(`${lines[0]}\n`).toBe(EXPORT_HEADER);
    expect(lines).toHaveLength(4);
    expect(csv).toContain('maya@northwind.test');
    await expectToast(p.page, 'Contacts exported successfully');
    await closeToasts(p.page);
  });

  it('refuses a file that is not CSV', async () => {
    await p.page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    await dialog.waitFor();
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(p.page, 'Please select a valid CSV file');
    expect(await dialog.getByRole('button', { name: 'Import Contacts' }).isDisabled()).toBe(true);
    await closeToasts(p.page);
  });

  it('reports the failing line of a bad file and imports nothing', async () => {
    const dialog = p.page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    const bad = 'name,email\nGood Person,good@example.test\nBad Person,not-an-email\n';
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect
      .poll(() => dialog.getByTestId('csv-preview').innerText(), RENDERED)
      .toContain('Bad Person');
    await dialog.getByRole('button', { name: 'Import Contacts' }).click();
    const text = await expectToast(p.page, 'Upload Failed');
    expect(text).toMatch(/Line 3\b/);
    expect(
      await suite.sql(`select 1 from contacts where email = 'good@example.test'`),
    ).toHaveLength(0);
    await closeToasts(p.page);
  });

  it('imports a good file, shows the preview and the server message', async () => {
    const dialog = p.page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    const rows = [
      'name,email,company,status',
      'Olivia Brown,olivia@initech.test,Initech,contacted',
      'Ethan Green,ethan@globex.test,Globex,new',
    ];
    const good = `${rows.join('\n')}\n${'x'.repeat(0)}`;
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect
      .poll(() => dialog.getByTestId('csv-preview').innerText())
      .toContain('Olivia Brown');
    expect(
      (await dialog.getByTestId('csv-preview').innerText()).replace('…', '').length,
    ).toBeLessThanOrEqual(100);
    await dialog.getByRole('button', { name: 'Import Contacts' }).click();
    await expectToast(p.page, 'Upload Complete', 'Imported 2');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => p.page.getByTestId('contacts-total').innerText())
      .toBe('Total: 5 contacts');
    await expect.poll(names, RENDERED).toContain('Olivia Brown');
    await closeToasts(p.page);
  });

  it('skip_invalid: shows the progress bar with rows processed, the result and the error report', async () => {
    await p.page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    await dialog.waitFor();
    const csv =
      'name,email\nNoah Fox,noah@umbrella.test\nNo Email,\nMia Stone,mia@umbrella.test\nBad,bad@\n';
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'mixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await chooseOption(p.page, 'Mode', 'Skip invalid rows');
    await expect
      .poll(() => dialog.getByTestId('csv-preview').innerText(), RENDERED)
      .toContain('Noah Fox');
    await dialog.getByRole('button', { name: 'Import Contacts' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
    // The import starts in a process of its own (about a second under tsx on a busy machine).
    await expect.poll(() => bar.getAttribute('aria-valuenow'), RENDERED).toBe('100');
    await expect.poll(() => dialog.getByText('4 rows processed').isVisible(), RENDERED).toBe(true);
    expect(await dialog.getByText('2 imported, 0 updated, 2 skipped').isVisible()).toBe(true);
    expect(await dialog.getByText(/^Line 3: email/).isVisible()).toBe(true);
    await expectToast(p.page, 'Upload Complete', 'Imported 2 contacts, skipped 2 invalid');
    const report = (
      await downloaded(p.page, dialog.getByRole('link', { name: 'Download error report (2 rows)' }))
    ).text;
    expect(report.split('\n')[0]).toBe('line,reason');
    expect(report).toMatch(/^3,/m);
    expect(report).toMatch(/^5,/m);
    await p.page.screenshot({ path: shot('import-result-desktop.png') });
    await p.page.setViewportSize({ width: 375, height: 812 });
    await p.page.screenshot({ path: shot('import-result-phone.png') });
    await p.page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => names(), RENDERED).toContain('Mia Stone');
    await closeToasts(p.page);
  });

  it('Delete All confirms with the count, then shows No Contacts Yet', async () => {
    await p.page.getByRole('button', { name: 'Delete All' }).click();
    const confirm = p.page.getByRole('alertdialog');
    const text = await confirm.innerText();
    expect(text).toContain('all 7 contacts');
    expect(text).toContain('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete 7 contacts' }).click();
    await expectToast(p.page, 'All contacts deleted successfully');
    await expect.poll(() => p.page.getByText('No Contacts Yet').isVisible(), RENDERED).toBe(true);
    expect(
      await p.page
        .getByText('Contact form submissions will appear here once received.')
        .isVisible(),
    ).toBe(true);
    expect(await p.page.getByRole('button', { name: 'Delete All' }).count()).toBe(0);
    expect(await suite.sql(`select 1 from contacts`)).toHaveLength(0);
  });

  it('made no console errors', () => {
    expect(unexpectedErrors(p.consoleErrors, [400])).toEqual([]);
  });
});
