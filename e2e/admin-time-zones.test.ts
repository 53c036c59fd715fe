// Times in the back office are shown in the signed-in user's zone and say which: the zone is
// detected from the browser at the first sign-in and changed on Account (phone). The company's
// zone, where the analytics count their days, is changed on Analytics (desktop).
import { describe, expect, it } from 'vitest';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  DESKTOP,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();

const myZone = async () =>
  (await suite.sql<{ time_zone: string | null }>(`select time_zone from users`))[0]!.time_zone;

describe('time zones', () => {
  it("detects the user's zone at first sign-in, shows times in it, and changes it on Account (phone)", async () => {
    const id = await insertContact(suite, {
      name: 'Mika Tanaka',
      email: 'mika@example.jp',
      createdAt: new Date('2026-11-20T15:30:00Z'),
    });
    expect(await myZone()).toBeNull();
    const p = await adminPage(suite, { viewport: PHONE, timezoneId: 'Asia/Tokyo' });
    const { page } = p;
    await page.goto(`/admin/contacts/${id}`);
    await expect.poll(myZone, RENDERED).toBe('Asia/Tokyo');
    // 15:30 UTC is half past midnight the next day in Tokyo.
    await expect
      .poll(() => page.getByText('Nov 21, 2026, 12:30 AM GMT+9').count(), RENDERED)
      .toBeGreaterThan(0);

    await page.goto('/admin/account');
    const zone = page.getByLabel('My time zone');
    await expect.poll(() => zone.inputValue(), RENDERED).toBe('Asia/Tokyo');
    await zone.selectOption('America/New_York');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Your time zone is saved');
    expect(await myZone()).toBe('America/New_York');
    await page.getByRole('heading', { name: 'Time Zone' }).scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(page, 'account-time-zone-phone.png')).toEqual([]);

    await page.goto(`/admin/contacts/${id}`);
    await expect
      .poll(() => page.getByText('Nov 20, 2026, 10:30 AM EST').count(), RENDERED)
      .toBeGreaterThan(0);
    await page.screenshot({ path: shot('contact-page-new-york-phone.png'), fullPage: true });
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it("changes the company's zone on Analytics, and the chart says whose days it counts (desktop)", async () => {
    const d = await adminPage(suite, { viewport: DESKTOP, timezoneId: 'Europe/Berlin' });
    const { page } = d;
    await page.goto('/admin/analytics');
    await expect
      .poll(() => page.getByText('contacts received (days in UTC)').isVisible(), RENDERED)
      .toBe(true);
    // The zone saved on Account wins over this browser's (Berlin).
    await expect
      .poll(() => page.getByTestId('display-zone').textContent(), RENDERED)
      .toBe('Times in America/New York');
    await page.getByLabel('Company time zone').selectOption('America/Los_Angeles');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'The company time zone is saved');
    await expect
      .poll(
        () => page.getByText('contacts received (days in America/Los Angeles)').isVisible(),
        RENDERED,
      )
      .toBe(true);
    expect(await suite.sql(`select time_zone from organization_settings`)).toEqual([
      { time_zone: 'America/Los_Angeles' },
    ]);
    await page.getByRole('heading', { name: 'Company Time Zone' }).scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(page, 'analytics-company-time-zone-desktop.png')).toEqual([]);
    expect(unexpectedErrors(d.consoleErrors)).toEqual([]);
    await d.close();
  });
});
