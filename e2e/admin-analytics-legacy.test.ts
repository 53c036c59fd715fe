// Dashboard tiles and breakdowns, analytics percentages (rounded whole numbers, 0 when the total
// is 0) against known rows, and the legacy list at /admin/legacy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  expectToast,
  insertCampaign,
  insertContact,
  insertInquiry,
  useAdminSuite,
  unexpectedErrors,
  type AdminPage,
} from './support/admin';

const suite = useAdminSuite();
let p: AdminPage;
const squash = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();
const testText = async (id: string) => squash(await p.page.getByTestId(id).first().innerText());

beforeAll(async () => {
  p = await adminPage(suite);
});
afterAll(async () => {
  await p?.close();
});

async function seed() {
  const maya = await insertContact(suite, {
    name: 'Maya Patel',
    email: 'maya@northwind.test',
    status: 'new',
  });
  await insertContact(suite, {
    name: 'Liam Chen',
    email: 'liam@contoso.test',
    status: 'qualified',
  });
  await insertContact(suite, {
    name: 'Ava Rossi',
    email: 'ava@fabrikam.test',
    status: 'converted',
  });
  await insertInquiry(suite, { contactId: maya, serviceType: 'ai_outbound' });
  await insertCampaign(suite, { name: 'A', type: 'email', status: 'active' });
  await insertCampaign(suite, { name: 'B', type: 'social', status: 'active' });
  await insertCampaign(suite, { name: 'C', type: 'voice', status: 'draft' });
}

describe('with no data', () => {
  it('the dashboard shows zero tiles and the empty breakdown texts', async () => {
    await p.page.goto('/admin');
    await p.page.getByTestId('tile-Total Contacts').waitFor();
    expect(await testText('tile-Total Contacts')).toContain('0');
    expect(await testText('tile-Total Users')).toBe('Total Users 1');
    expect(await p.page.getByText('No contact data available').isVisible()).toBe(true);
    expect(await p.page.getByText('No campaign data available').isVisible()).toBe(true);
  });

  it('analytics shows 0% when the totals are 0', async () => {
    await p.page.goto('/admin/analytics');
    await p.page.getByTestId('rate-Conversion Rate').waitFor();
    expect(await testText('rate-Conversion Rate')).toContain('0%');
    expect(await testText('rate-Engagement Score')).toContain('0%');
    expect(await testText('rate-Active Rate')).toContain('0%');
    expect(await p.page.getByText('No contact data available').isVisible()).toBe(true);
    expect(await p.page.getByText('No campaign data available').isVisible()).toBe(true);
  });
});

describe('with known data', () => {
  beforeAll(seed);

  it('the dashboard shows the four tiles, both breakdowns and the quick actions', async () => {
    await p.page.goto('/admin');
    await p.page.getByTestId('breakdown-new').waitFor();
    expect(await testText('tile-Total Contacts')).toBe('Total Contacts 3');
    expect(await testText('tile-Total Users')).toBe('Total Users 1');
    expect(await testText('tile-Service Inquiries')).toBe('Service Inquiries 1');
    expect(await testText('tile-Active Campaigns')).toBe('Active Campaigns 2');
    expect(await testText('breakdown-new')).toBe('New 1 (33%)');
    expect(await testText('breakdown-qualified')).toBe('Qualified 1 (33%)');
    expect(await testText('breakdown-converted')).toBe('Converted 1 (33%)');
    expect(await testText('breakdown-active')).toBe('Active 2 (67%)');
    expect(await testText('breakdown-draft')).toBe('Draft 1 (33%)');
    for (const [name, href] of [
      ['Manage Contacts', '/admin/contacts'],
      ['Manage Users', '/admin/users'],
      ['Manage Campaigns', '/admin/campaigns'],
    ])
      expect(await p.page.getByRole('link', { name }).getAttribute('href')).toBe(href);
    await p.page.getByRole('link', { name: /Manage Campaigns/ }).click();
    await expect
      .poll(() =>
        p.page.getByRole('heading', { level: 1, name: 'Campaign Management' }).isVisible(),
      )
      .toBe(true);
  });

  it('analytics rounds the percentages to whole numbers', async () => {
    await p.page.goto('/admin/analytics');
    await p.page.getByTestId('breakdown-new').waitFor();
    expect(await testText('tile-Total Contacts')).toBe(
      'Total Contacts 3 Customer inquiries received',
    );
    expect(await testText('tile-Marketing Campaigns')).toBe(
      'Marketing Campaigns 3 Active and completed campaigns',
    );
    // 1 of 3 converted = 33.3 -> 33; (1 qualified + 1 converted) of 3 = 66.7 -> 67; 2 of 3 active -> 67.
    expect(await testText('rate-Conversion Rate')).toBe(
      'Conversion Rate 33% Contacts converted to customers',
    );
    expect(await testText('rate-Engagement Score')).toBe(
      'Engagement Score 67% Qualified leads and conversions',
    );
    expect(await testText('rate-Active Rate')).toBe('Active Rate 67% Active campaigns running');
    expect(await testText('breakdown-converted')).toBe('Converted 1 (33%)');
    expect(await testText('breakdown-active')).toBe('Active 2 (67%)');
    expect(await testText('summary-Total Inquiries')).toBe('Total Inquiries 3');
    expect(await testText('summary-Contacts Reached')).toBe('Contacts Reached 0');
    expect(await testText('summary-Successful Conversions')).toBe('Successful Conversions 1');
    expect(await testText('summary-Active Campaigns')).toBe('Active Campaigns 2');
  });

  it('the legacy list shows every contact and changes a status', async () => {
    await p.page.goto('/admin/legacy');
    await p.page.getByTestId('contact-card').nth(2).waitFor();
    expect(await testText('legacy-total')).toBe('Total: 3 contacts');
    expect(
      (await p.page.getByTestId('contact-card').locator('h2').allTextContents()).sort(),
    ).toEqual(['Ava Rossi', 'Liam Chen', 'Maya Patel']);
    const group = p.page.getByRole('group', { name: 'Status of Maya Patel' });
    await group.getByRole('button', { name: 'Contacted' }).click();
    await expectToast(p.page, 'Success', 'Contact status updated successfully');
    await expect
      .poll(() => group.getByRole('button', { name: 'Contacted' }).getAttribute('aria-pressed'))
      .toBe('true');
    const [row] = await suite.sql<{ status: string }>(
      `select status from contacts where email = 'maya@northwind.test'`,
    );
    expect(row!.status).toBe('contacted');
  });

  it('made no console errors', () => {
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
  });
});
