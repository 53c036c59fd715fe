// Visiting public pages is counted, cookie-less, and shows on Analytics > Website (desktop and
// phone), through the API as well.
import { describe, expect, it } from 'vitest';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  chooseOption,
  DESKTOP,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { openPage, shot } from './support/browser';

// The visitors come from three networks (as the proxy in front of the app says): a key is
// listed once three networks saw it.
const suite = useAdminSuite({ env: { TRUST_PROXY: 'loopback' } });
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NETWORKS = ['198.51.100.10', '198.51.100.20', '203.0.113.30'];

describe('the Website panel', () => {
  it('counts the pages a visitor reads and shows them (desktop), and fits a phone', async () => {
    const counted = () =>
      suite.sql<{ n: number }>(`select count(*)::int as n from page_views`).then((r) => r[0]!.n);
    for (const [i, network] of NETWORKS.entries()) {
      const visitor = await openPage(suite.browser, suite.server.url, {
        userAgent: CHROME,
        extraHTTPHeaders: { 'x-forwarded-for': network },
      });
      await visitor.page.goto('/?utm_source=newsletter&utm_campaign=spring-launch', {
        referer: 'https://news.example.com/issue-12',
      });
      // Sent after the load event, once the page runs: wait for it before reading on.
      await expect.poll(counted, RENDERED).toBe(2 * i + 1);
      await visitor.page.goto('/about');
      await expect.poll(counted, RENDERED).toBe(2 * i + 2);
      expect(await visitor.page.evaluate(() => document.cookie)).toBe('');
      await visitor.close();
    }
    // A fourth network reads a page nobody else did: summed in each list's "Other" row.
    const stray = await openPage(suite.browser, suite.server.url, {
      userAgent: CHROME,
      extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.99' },
    });
    await stray.page.goto('/careers');
    await expect.poll(counted, RENDERED).toBe(7);
    await stray.close();

    const d = await adminPage(suite, { viewport: DESKTOP });
    await d.page.goto('/admin/analytics');
    const visitors = d.page.getByTestId('website-visitors');
    await expect.poll(() => visitors.textContent(), RENDERED).toBe('Visitors4');
    expect(await d.page.getByTestId('website-pageviews').textContent()).toBe('Page views7');
    expect(await d.page.getByTestId('website-live').textContent()).toBe('On the site now4');
    expect(await d.page.getByText('Other (1)').first().isVisible()).toBe(true);
    const website = d.page.getByRole('heading', { name: 'Website' });
    expect(await d.page.getByText('news.example.com').isVisible()).toBe(true);
    expect(await d.page.getByText('spring-launch · newsletter').isVisible()).toBe(true);
    await website.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await d.page.screenshot({ path: shot('analytics-website-desktop.png') });
    // The visit to customer funnel: the newsletter's visitor, by source and by landing page.
    const funnelRow = (key: string) =>
      d.page.getByTestId('funnel-table').getByRole('row', { name: new RegExp(`^${key} `) });
    await expect
      .poll(() => funnelRow('newsletter').textContent(), RENDERED)
      .toBe('newsletter30000%');
    expect(await d.page.getByTestId('funnel-other').textContent()).toBe('Other (1)10000%');
    await chooseOption(d.page, 'Group by', 'Landing page');
    await expect.poll(() => funnelRow('/').textContent(), RENDERED).toBe('/30000%');
    await d.page
      .getByRole('heading', { name: 'Visit to Customer' })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await screenshotAndAxe(d.page, 'analytics-funnel-desktop.png')).toEqual([]);
    // A figure that counts contacts opens them: the newsletter's lead, on the contacts list.
    await suite.sql(
      `insert into contacts (name, email, source, utm_source, utm_campaign, landing_page)
       values ('Nora Newsletter', 'nora@example.com', 'website', 'newsletter', 'spring-launch', '/')`,
    );
    await d.page.reload();
    await d.page.getByRole('link', { name: 'Show in Contacts: leads from newsletter, 1' }).click();
    const origin = d.page.getByTestId('origin-filter');
    await expect
      .poll(() => origin.textContent(), RENDERED)
      .toContain('Website leads · first touch source newsletter');
    await d.page.getByText('nora@example.com').waitFor();
    expect(await d.page.getByText('1 matching contacts').isVisible()).toBe(true);
    expect(await screenshotAndAxe(d.page, 'contacts-from-funnel-desktop.png')).toEqual([]);
    expect(unexpectedErrors(d.consoleErrors)).toEqual([]);
    await d.close();

    const p = await adminPage(suite, { viewport: PHONE });
    await p.page.goto('/admin/analytics');
    await expect
      .poll(() => p.page.getByTestId('website-visitors').textContent(), RENDERED)
      .toBe('Visitors4');
    await p.page
      .getByRole('heading', { name: 'Website' })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await p.page.screenshot({ path: shot('analytics-website-phone.png') });
    await p.page
      .getByRole('heading', { name: 'Visit to Customer' })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await p.page.screenshot({ path: shot('analytics-funnel-phone.png') });
    const overflow = await p.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The link a funnel figure carries, opened on a phone.
    await p.page.goto('/admin/contacts?source=website&firstTouch=source%3Anewsletter');
    await p.page.getByText('nora@example.com').waitFor();
    expect(await p.page.getByTestId('origin-filter').isVisible()).toBe(true);
    await p.page.screenshot({ path: shot('contacts-from-funnel-phone.png') });
    expect(
      await p.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await p.close();
  });
});
