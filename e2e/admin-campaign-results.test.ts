// A campaign with a UTM code shows real results: the leads whose first touch carried the code
// and how many converted, on its card and in View Analytics.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  cardMenu,
  expectToast,
  insertCampaign,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { DESKTOP, shot } from './support/browser';

const suite = useAdminSuite();
beforeAll(async () => {
  await insertCampaign(suite, { name: 'Spring Launch', type: 'email', status: 'active' });
  for (const [email, status] of [
    ['a@x.io', 'new'],
    ['b@x.io', 'converted'],
  ] as const) {
    const id = await insertContact(suite, { name: email, email, status });
    await suite.sql(`update contacts set utm_campaign = 'Spring-Launch' where id = $1`, [id]);
  }
});

describe('campaign results', () => {
  it('are shown once the campaign has its UTM code (desktop)', async () => {
    const { page, consoleErrors, close } = await adminPage(suite, { viewport: DESKTOP });
    await page.goto('/admin/campaigns');
    const card = page.getByTestId('campaign-card');
    await expect.poll(() => card.count(), RENDERED).toBe(1);
    expect(await card.innerText()).not.toContain('Leads');

    await cardMenu(page, 'Actions for Spring Launch', 'Edit Campaign');
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    await dialog.getByLabel('UTM campaign code (optional)').fill('spring launch!');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => dialog.locator('#campaign-utm-error').innerText())
      .toMatch(/^Use letters, digits/);
    await dialog.getByLabel('UTM campaign code (optional)').fill('spring-launch');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success');
    await expect.poll(() => card.innerText(), RENDERED).toMatch(/Leads\s*2[\s\S]*Conversions\s*1/);
    await page.screenshot({ path: shot('admin-campaign-results-1280.png') });

    await cardMenu(page, 'Actions for Spring Launch', 'View Analytics');
    const details = page.getByRole('dialog', { name: 'Spring Launch' });
    await expect
      .poll(() => details.innerText(), RENDERED)
      .toMatch(/CONVERSIONS\s+1 \(50% of leads\)/i);
    expect(await details.innerText()).not.toContain('not tracked');
    expect(unexpectedErrors(consoleErrors, [400])).toEqual([]);
    await close();
  });

  it('fit a phone screen', async () => {
    const { page, close } = await adminPage(suite, { viewport: PHONE });
    await page.goto('/admin/campaigns');
    await expect
      .poll(() => page.getByTestId('campaign-card').innerText(), RENDERED)
      .toMatch(/Leads\s*2/);
    await page.screenshot({ path: shot('admin-campaign-results-375.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await close();
  });
});
