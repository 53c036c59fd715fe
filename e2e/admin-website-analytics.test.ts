// Visiting public pages is counted, cookie-less, and shows on Analytics > Website (desktop and
// phone), through the API as well.
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/public';
import {
  adminPage,
  DESKTOP,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { openPage, shot } from './support/browser';

const suite = useAdminSuite();
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('the Website panel', () => {
  it('counts the pages a visitor reads and shows them (desktop), and fits a phone', async () => {
    const visitor = await openPage(suite.browser, suite.server.url, { userAgent: CHROME });
    await visitor.page.goto('/?utm_source=newsletter&utm_campaign=spring-launch', {
      referer: 'https://news.example.com/issue-12',
    });
    const counted = () =>
      suite.sql<{ n: number }>(`select count(*)::int as n from page_views`).then((r) => r[0]!.n);
    // Sent after the load event, once the page runs: wait for it before reading on.
    await expect.poll(counted, RENDERED).toBe(1);
    await visitor.page.goto('/about');
    await expect.poll(counted, RENDERED).toBe(2);
    expect(await visitor.page.evaluate(() => document.cookie)).toBe('');
    await visitor.close();

    const d = await adminPage(suite, { viewport: DESKTOP });
    await d.page.goto('/admin/analytics');
    const visitors = d.page.getByTestId('website-visitors');
    await expect.poll(() => visitors.textContent(), RENDERED).toBe('Visitors1');
    expect(await d.page.getByTestId('website-pageviews').textContent()).toBe('Page views2');
    expect(await d.page.getByTestId('website-live').textContent()).toBe('On the site now1');
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
      .toBe('newsletter10000%');
    await d.page.getByLabel('Group by').selectOption('landingPage');
    await expect.poll(() => funnelRow('/').textContent(), RENDERED).toBe('/10000%');
    await d.page
      .getByRole('heading', { name: 'Visit to Customer' })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await d.page.screenshot({ path: shot('analytics-funnel-desktop.png') });
    expect(await seriousAxeViolations(d.page)).toEqual([]);
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
    await d.page.screenshot({ path: shot('contacts-from-funnel-desktop.png') });
    expect(await seriousAxeViolations(d.page)).toEqual([]);
    expect(unexpectedErrors(d.consoleErrors)).toEqual([]);
    await d.close();

    const p = await adminPage(suite, { viewport: PHONE });
    await p.page.goto('/admin/analytics');
    await expect
      .poll(() => p.page.getByTestId('website-visitors').textContent(), RENDERED)
      .toBe('Visitors1');
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
