// The Audit Log screen: a change made in the back office shows up with who, what, before ->
// after and where from; filters narrow it; the CSV export downloads the filtered log.
import { beforeAll, describe, expect, it } from 'vitest';
import { downloaded } from './support/browser';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  chooseOption,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';

const suite = useAdminSuite();
let contactId = 0;
beforeAll(async () => {
  contactId = await insertContact(suite, { name: 'Maya Patel', email: 'maya@northwind.test' });
});

describe('Audit Log screen', () => {
  it('lists a status change with before -> after and filters by entity and action (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    const res = await p.context.request.patch(`/api/contacts/${contactId}/status`, {
      data: { status: 'qualified' },
    });
    expect(res.status()).toBe(200);
    await page.goto('/admin/audit-log');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Audit Log' }).isVisible(), RENDERED)
      .toBe(true);
    const entries = page.getByTestId('audit-entry');
    const statusEntry = entries.filter({ hasText: 'update status' });
    await expect.poll(() => statusEntry.count(), RENDERED).toBe(1);
    const text = await statusEntry.innerText();
    expect(text).toContain(`contact #${contactId}`);
    expect(text).toContain('by e2e-admin');
    const change = await statusEntry.locator('dd').first().textContent();
    expect(change).toMatch(/^new\s*→\s*changed to\s*qualified$/);
    expect(await entries.filter({ hasText: 'login' }).count()).toBeGreaterThan(0);

    await chooseOption(page, 'Filter by action', 'Update status');
    await expect.poll(() => entries.count(), RENDERED).toBe(1);
    await chooseOption(page, 'Filter by entity', 'User');
    await expect.poll(() => page.getByText('No Matching Entries').isVisible(), RENDERED).toBe(true);
    await chooseOption(page, 'Filter by entity', 'Contact');
    await expect.poll(() => entries.count(), RENDERED).toBe(1);
    expect(await screenshotAndAxe(page, 'audit-log-desktop.png', { fullPage: true })).toEqual([]);

    const csv = (await downloaded(page, page.getByRole('button', { name: 'Export CSV' }))).lines;
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('update_status');
    await expectToast(page, 'Success', 'Audit log exported');

    await statusEntry.getByRole('link', { name: `contact #${contactId}` }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByText('Maya Patel').first().isVisible(), RENDERED)
      .toBe(true);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('reads well on a phone', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    await p.page.goto('/admin/audit-log');
    await p.page.getByTestId('audit-entry').first().waitFor();
    expect(await screenshotAndAxe(p.page, 'audit-log-phone.png', { fullPage: true })).toEqual([]);
    const overflow = await p.page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await p.close();
  });
});
