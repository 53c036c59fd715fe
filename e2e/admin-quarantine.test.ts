// The Security Center's Quarantine panel: held submissions with their reason, Release (becomes a
// contact) and Delete (after confirmation); at 1280 and 375 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  closeToasts,
  expectToast,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';

const suite = useAdminSuite();
const hold = (name: string, email: string, reason: string) =>
  suite.sql(
    `insert into quarantined_submissions (reason, payload, source, ip, user_agent, expires_at)
     values ($1, $2, 'website', '203.0.113.9', 'Mozilla/5.0', now() + interval '30 days')`,
    [
      reason,
      JSON.stringify({
        name,
        email,
        company: null,
        phone: null,
        message: `Hello from ${name}. We offer SEO services to get you on the first page of Google.`,
        source: null,
      }),
    ],
  );

beforeAll(async () => {
  await hold('Rae Genuine', 'rae@northwind.test', 'Spam phrase: "first page of google"');
  await hold('Sam Spammer', 'sam@spam.test', 'Link stuffing: 5 links');
});

describe('Quarantine panel', () => {
  it('releases a genuine lead into Contacts and deletes spam (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/security');
    const panel = page.getByRole('list', { name: 'Quarantined submissions' });
    await expect.poll(() => panel.getByTestId('quarantine-item').count(), RENDERED).toBe(2);
    await expect.poll(() => page.getByText('Quarantine (2)').isVisible()).toBe(true);
    // The sidebar says so on every screen, beside the Security link.
    const badge = page.getByTestId('quarantine-badge');
    await expect.poll(() => badge.textContent(), RENDERED).toBe('2 submissions wait in quarantine');
    await page.getByText('Quarantine (2)').scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(page, 'quarantine-desktop.png', { fullPage: true })).toEqual([]);

    const rae = panel.getByTestId('quarantine-item').filter({ hasText: 'Rae Genuine' });
    await rae.getByRole('button', { name: 'Release' }).click();
    await expectToast(page, 'Success', 'Rae Genuine released to Contacts');
    await closeToasts(page);
    expect(await suite.sql(`select name, source, status from contacts`)).toEqual([
      { name: 'Rae Genuine', source: 'website', status: 'new' },
    ]);

    const sam = panel.getByTestId('quarantine-item').filter({ hasText: 'Sam Spammer' });
    await sam.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete submission' }).click();
    await expectToast(page, 'Success', 'Quarantined submission deleted');
    await expect
      .poll(() => page.getByText('Nothing in quarantine.').isVisible(), RENDERED)
      .toBe(true);
    expect(await suite.sql('select id from quarantined_submissions')).toEqual([]);
    await expect.poll(() => badge.count(), RENDERED).toBe(0);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('reads well on a phone', async () => {
    await hold('Pia Phone', 'pia@example.test', 'Gibberish text (80% of words)');
    const p = await adminPage(suite, { viewport: PHONE });
    await p.page.goto('/admin/security');
    const item = p.page.getByTestId('quarantine-item').first();
    await item.waitFor();
    await item.scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(p.page, 'quarantine-phone.png')).toEqual([]);
    const overflow = await p.page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await p.close();
  });

  it('pages and filters by reason, so spam cannot hide a real lead', async () => {
    await suite.sql(
      `insert into quarantined_submissions (reason, payload, source, expires_at)
       select 'Spam phrase: "casino"', json_build_object('name', 'Spam ' || i, 'email', 'spam' || i || '@spam.test',
              'message', 'casino casino'), 'website', now() + interval '30 days'
         from generate_series(1, 25) as i`,
    );
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/security');
    const items = page.getByTestId('quarantine-item');
    await expect.poll(() => items.count(), RENDERED).toBe(20);
    await expect.poll(() => page.getByText('Quarantine (26)').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => items.count(), RENDERED).toBe(26);
    await expect.poll(() => page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Filter by reason' }).fill('gibberish');
    await expect.poll(() => items.count(), RENDERED).toBe(1);
    await expect.poll(() => items.first().textContent()).toContain('Pia Phone');
    await expect.poll(() => page.getByText('Quarantine (1)').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Filter by reason' }).scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(page, 'quarantine-filtered-desktop.png')).toEqual([]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});
