// Speed to lead on the Analytics screen (with its period) and on the Dashboard: how fast leads
// were answered, where they came from and whether their emails went out.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  chooseOption,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { DESKTOP, shot } from './support/browser';

const suite = useAdminSuite();
const DAY = 86_400_000;
beforeAll(async () => {
  // Answered after 2, 4 and 30 minutes, 10 days ago; one from 2 days ago not answered yet.
  for (const [minutes, campaign] of [
    [2, 'spring-launch'],
    [4, 'spring-launch'],
    [30, null],
  ] as const) {
    const createdAt = new Date(Date.now() - 10 * DAY);
    const id = await insertContact(suite, {
      name: `Lead ${minutes}`,
      email: `l${minutes}@x.io`,
      createdAt,
    });
    await suite.sql(
      `update contacts set status = 'contacted', utm_campaign = $2,
         first_responded_at = created_at + make_interval(mins => $3) where id = $1`,
      [id, campaign, minutes],
    );
  }
  await insertContact(suite, {
    name: 'Fresh',
    email: 'fresh@x.io',
    createdAt: new Date(Date.now() - 2 * DAY),
  });
});

describe('speed to lead', () => {
  it('shows median, p90 and shares for the period, and follows a period change (desktop)', async () => {
    const { page, consoleErrors, close } = await adminPage(suite, { viewport: DESKTOP });
    await page.goto('/admin/analytics');
    const median = page.getByTestId('speed-median');
    await expect.poll(() => median.innerText(), RENDERED).toMatch(/Median\s+4 min/);
    expect(await page.getByTestId('speed-5min').innerText()).toMatch(/67%/);
    expect(await page.getByTestId('speed-1h').innerText()).toMatch(/100%/);
    expect(await page.getByText('from 3 answered leads in the last 30 days').isVisible()).toBe(
      true,
    );
    const sources = await page.getByRole('region', { name: 'Leads by source' }).innerText();
    expect(sources).toMatch(/website\s+spring-launch\s+2/);
    await page.screenshot({ path: shot('admin-speed-to-lead-1280.png'), fullPage: true });

    await chooseOption(page, 'Period', 'Last 7 days');
    await expect
      .poll(() => page.getByText('No leads answered in the last 7 days yet').isVisible(), RENDERED)
      .toBe(true);
    expect(await median.innerText()).toMatch(/Median\s+-/);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });

  it('is on the dashboard too (phone)', async () => {
    const { page, consoleErrors, close } = await adminPage(suite, { viewport: PHONE });
    await page.goto('/admin');
    await expect
      .poll(() => page.getByTestId('speed-median').innerText(), RENDERED)
      .toMatch(/4 min/);
    expect(await page.getByTestId('lead-emails').innerText()).toMatch(/0 sent/);
    await page.getByTestId('speed-median').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('admin-speed-to-lead-375.png') });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });
});
