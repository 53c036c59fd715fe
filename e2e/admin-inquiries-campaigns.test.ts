// Service inquiries (search, priority filter, badges, details, edit) and campaigns (create,
// filter, pause/activate, edit, duplicate, delete) against known rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  cardMenu,
  chooseOption,
  closeToasts,
  expectToast,
  insertCampaign,
  insertContact,
  insertInquiry,
  useAdminSuite,
  unexpectedErrors,
  type AdminPage,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();
let p: AdminPage;
let contactId = 0;
let outboundId = 0;
const squash = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();
const badge = async (label: string) =>
  squash(await p.page.getByTestId(`count-${label}`).textContent());

beforeAll(async () => {
  contactId = await insertContact(suite, {
    name: 'Maya Patel',
    email: 'maya@northwind.test',
    company: 'Northwind',
  });
  outboundId = await insertInquiry(suite, {
    contactId,
    serviceType: 'ai_outbound',
    priority: 'high',
    estimatedVolume: '5,000 calls/month',
    timeline: 'Q1',
    budget: '$10k',
    notes: 'Wants a pilot in January',
  });
  await insertInquiry(suite, {
    contactId,
    serviceType: 'ai_inbound',
    priority: 'medium',
    notes: 'Support line overflow',
  });
  await insertInquiry(suite, { contactId, serviceType: 'workflow_automation', priority: 'low' });
  await insertCampaign(suite, {
    name: 'Spring Email Push',
    type: 'email',
    status: 'active',
    targetAudience: 'SMB owners',
    goalMetric: 'signups',
    goalValue: 12500,
  });
  await insertCampaign(suite, {
    name: 'Voice Reactivation',
    type: 'voice',
    status: 'paused',
    targetAudience: 'Lapsed customers',
    goalMetric: 'calls',
    goalValue: 300,
  });
  await insertCampaign(suite, {
    name: 'Content Series',
    type: 'content',
    status: 'completed',
    targetAudience: 'Everyone',
    goalMetric: 'views',
    goalValue: 1000,
  });
  p = await adminPage(suite);
});
afterAll(async () => {
  await p?.close();
});

describe('admin service inquiries', () => {
  const cards = () => p.page.getByTestId('inquiry-card');
  const titles = async () => (await cards().locator('h2').allTextContents()).sort();

  it('lists inquiries with their labels, priority badges and counts', async () => {
    await p.page.goto('/admin/service-inquiries');
    await cards().nth(2).waitFor();
    expect(await titles()).toEqual(['AI INBOUND', 'AI OUTBOUND', 'WORKFLOW AUTOMATION']);
    expect(squash(await p.page.getByTestId('inquiries-total').textContent())).toBe(
      'Total: 3 inquiries',
    );
    expect(await badge('High')).toBe('High 1');
    expect(await badge('Medium')).toBe('Medium 1');
    expect(await badge('Low')).toBe('Low 1');
    const outbound = cards().filter({ hasText: 'AI OUTBOUND' });
    const text = squash(await outbound.textContent());
    for (const s of [
      'High priority',
      `Contact #${contactId}`,
      '5,000 calls/month',
      'Q1',
      '$10k',
      'Wants a pilot in January',
    ])
      expect(text).toContain(s);
    // Volume, timeline and budget only when present.
    expect(
      squash(await cards().filter({ hasText: 'WORKFLOW AUTOMATION' }).textContent()),
    ).not.toContain('Budget');
  });

  it('searches service type and notes, and filters by priority', async () => {
    const search = p.page.getByPlaceholder('Search inquiries...');
    await search.fill('OVERFLOW');
    await expect.poll(titles).toEqual(['AI INBOUND']);
    await search.fill('workflow');
    await expect.poll(titles).toEqual(['WORKFLOW AUTOMATION']);
    await search.fill('nothing-like-this');
    await expect.poll(() => p.page.getByText('No Matching Inquiries').isVisible()).toBe(true);
    await search.fill('');
    await chooseOption(p.page, 'Filter by priority', 'High');
    await expect.poll(titles).toEqual(['AI OUTBOUND']);
    await chooseOption(p.page, 'Filter by priority', 'Low');
    await expect.poll(titles).toEqual(['WORKFLOW AUTOMATION']);
    await chooseOption(p.page, 'Filter by priority', 'All Priorities');
    await expect.poll(() => cards().count()).toBe(3);
  });

  it('shows every field in View Details', async () => {
    await cardMenu(p.page, `Actions for inquiry ${outboundId}`, 'View Details');
    const dialog = p.page.getByRole('dialog');
    await dialog.waitFor();
    const text = squash(await dialog.textContent());
    for (const s of [
      'AI OUTBOUND',
      'High priority',
      `#${contactId}`,
      '5,000 calls/month',
      'Q1',
      '$10k',
      'Wants a pilot in January',
    ])
      expect(text).toContain(s);
    await p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('View Contact opens the linked contact', async () => {
    await cards()
      .filter({ hasText: 'AI OUTBOUND' })
      .getByRole('button', { name: 'View Contact' })
      .click();
    const dialog = p.page.getByRole('dialog', { name: 'Contact Details' });
    await expect
      .poll(async () => squash(await dialog.textContent()))
      .toContain('maya@northwind.test');
    expect(squash(await dialog.textContent())).toContain('Northwind');
    await p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits priority and notes', async () => {
    await cardMenu(p.page, `Actions for inquiry ${outboundId}`, 'Edit Inquiry');
    const dialog = p.page.getByRole('dialog', { name: 'Edit Inquiry' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await p.page.getByRole('option', { name: 'Low', exact: true }).click();
    await dialog.getByLabel('Notes').fill('Pilot moved to March');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => badge('Low')).toBe('Low 2');
    expect(await badge('High')).toBe('High 0');
    await expect
      .poll(async () => squash(await cards().filter({ hasText: 'AI OUTBOUND' }).textContent()))
      .toContain('Pilot moved to March');
    const [row] = await suite.sql<{ priority: string; notes: string }>(
      `select priority, notes from service_inquiries where id = $1`,
      [outboundId],
    );
    expect(row).toEqual({ priority: 'low', notes: 'Pilot moved to March' });
    await closeToasts(p.page);
  });
});

describe('admin campaigns', () => {
  const cards = () => p.page.getByTestId('campaign-card');
  const names = async () => (await cards().locator('h2').allTextContents()).sort();
  const card = (name: string) =>
    cards().filter({ has: p.page.getByRole('heading', { name, exact: true }) });

  it('lists campaigns with type, badges and thousands-formatted goals', async () => {
    await p.page.goto('/admin/campaigns');
    await cards().nth(2).waitFor();
    expect(await names()).toEqual(['Content Series', 'Spring Email Push', 'Voice Reactivation']);
    const text = squash(await card('Spring Email Push').textContent());
    for (const s of ['Email Campaign', 'Active', 'SMB owners', 'signups', '12,500'])
      expect(text).toContain(s);
    expect(await badge('Active')).toBe('Active 1');
    expect(await badge('Paused')).toBe('Paused 1');
    expect(await badge('Completed')).toBe('Completed 1');
    expect(await badge('Draft')).toBe('Draft 0');
  });

  it("'New Campaign' creates a draft with the defaults", async () => {
    await p.page.getByRole('button', { name: 'New Campaign' }).click();
    await expectToast(p.page, 'Success', 'Campaign created successfully');
    await expect.poll(() => cards().count()).toBe(4);
    expect(squash(await card('New Campaign').textContent())).toContain('Draft');
    expect(await badge('Draft')).toBe('Draft 1');
    await closeToasts(p.page);
  });

  it('filters by status and searches', async () => {
    await chooseOption(p.page, 'Filter by status', 'Paused');
    await expect.poll(names).toEqual(['Voice Reactivation']);
    await chooseOption(p.page, 'Filter by status', 'Draft');
    await expect.poll(names).toEqual(['New Campaign']);
    await chooseOption(p.page, 'Filter by status', 'All Status');
    await p.page.getByPlaceholder('Search campaigns...').fill('lapsed');
    await expect.poll(names).toEqual(['Voice Reactivation']);
    await p.page.getByPlaceholder('Search campaigns...').fill('');
    await expect.poll(() => cards().count()).toBe(4);
  });

  it('pauses an active campaign and activates a paused one', async () => {
    await card('Spring Email Push').getByRole('button', { name: 'Pause' }).click();
    await expectToast(p.page, 'Success', 'Campaign updated successfully');
    await expect
      .poll(async () => squash(await card('Spring Email Push').textContent()))
      .toContain('Paused');
    await closeToasts(p.page);
    await cardMenu(p.page, 'Actions for Voice Reactivation', 'Activate Campaign');
    await expect
      .poll(() => card('Voice Reactivation').getByRole('button', { name: 'Pause' }).isVisible())
      .toBe(true);
    await expect.poll(() => badge('Active')).toBe('Active 1');
    expect(await badge('Paused')).toBe('Paused 1');
    const rows = await suite.sql<{ name: string; status: string }>(
      `select name, status from campaigns where name in ('Spring Email Push', 'Voice Reactivation') order by name`,
    );
    expect(rows).toEqual([
      { name: 'Spring Email Push', status: 'paused' },
      { name: 'Voice Reactivation', status: 'active' },
    ]);
    await closeToasts(p.page);
  });

  it('edits a campaign', async () => {
    await cardMenu(p.page, 'Actions for New Campaign', 'Edit Campaign');
    const dialog = p.page.getByRole('dialog', { name: 'Edit Campaign' });
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill('Summer Social Blast');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await p.page.getByRole('option', { name: 'Social', exact: true }).click();
    await dialog.getByLabel('Goal Value').fill('2.5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => dialog.locator('#campaign-goal-value-error').textContent())
      .toMatch(/whole/i);
    await p.page.screenshot({ path: shot('admin-campaign-edit-1280.png') });
    await dialog.getByLabel('Goal Value').fill('25000');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(names).toContain('Summer Social Blast');
    const text = squash(await card('Summer Social Blast').textContent());
    expect(text).toContain('Social Campaign');
    expect(text).toContain('25,000');
    await closeToasts(p.page);
  });

  it("duplicates as 'Copy of ...' in draft", async () => {
    await cardMenu(p.page, 'Actions for Spring Email Push', 'Duplicate');
    await expect.poll(names).toContain('Copy of Spring Email Push');
    const text = squash(await card('Copy of Spring Email Push').textContent());
    expect(text).toContain('Draft');
    expect(text).toContain('12,500');
    await closeToasts(p.page);
  });

  it('View Analytics shows that campaign', async () => {
    await cardMenu(p.page, 'Actions for Voice Reactivation', 'View Analytics');
    const dialog = p.page.getByRole('dialog', { name: 'Voice Reactivation' });
    await dialog.waitFor();
    const text = squash(await dialog.textContent());
    for (const s of [
      'Viewing details for Voice Reactivation',
      'Voice Campaign',
      'Lapsed customers',
    ])
      expect(text).toContain(s);
    await p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('deletes a campaign after confirmation', async () => {
    await cardMenu(p.page, 'Actions for Copy of Spring Email Push', 'Delete Campaign');
    const confirm = p.page.getByRole('alertdialog');
    await expect.poll(() => confirm.textContent()).toContain('Copy of Spring Email Push');
    await confirm.getByRole('button', { name: 'Delete Campaign' }).click();
    await expectToast(p.page, 'Success', 'Campaign deleted successfully');
    await expect
      .poll(names)
      .toEqual([
        'Content Series',
        'Spring Email Push',
        'Summer Social Blast',
        'Voice Reactivation',
      ]);
    expect(
      await suite.sql(`select 1 from campaigns where name = 'Copy of Spring Email Push'`),
    ).toHaveLength(0);
  });

  it('made no console errors', () => {
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
  });
});
