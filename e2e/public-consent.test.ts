// Consent on the contact form: the privacy notice it links to, the optional, unticked product
// news box, and the consent stored with the lead (phone and desktop).
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/server/test/pg-admin';
import { FIRST_PRIVACY_NOTICE } from '../src/shared/privacy.schema';
import { DESKTOP, shot } from './support/browser';
import { PHONE } from './support/admin';
import { newPage, seriousAxeViolations, usePublicSuite, waitForHydration } from './support/public';

const suite = usePublicSuite();

const SCREENS = [
  { viewport: DESKTOP, name: 'desktop' },
  { viewport: PHONE, name: 'phone' },
] as const;

describe('consent on the contact page', () => {
  it.each(SCREENS)(
    'shows the notice link and an unticked news box; a ticked box is stored with the notice version ($name)',
    async ({ viewport, name }) => {
      const w = await newPage(suite, { viewport });
      try {
        const { page } = w;
        await page.goto('/contact');
        await waitForHydration(page);
        const news = page.getByLabel('Send me occasional product news');
        expect(await news.isChecked()).toBe(false);
        const link = page.getByRole('link', { name: 'privacy notice', exact: true });
        expect(await link.getAttribute('href')).toBe('/privacy');

        const email = `consent-${name}-${Date.now()}@example.com`;
        await page.getByLabel('Full name').fill('Casey Consent');
        await page.getByLabel('Work email').fill(email);
        await page.getByLabel('How can we help?').fill('Tell me more.');
        await news.check();
        await news.scrollIntoViewIfNeeded();
        expect(await seriousAxeViolations(page)).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: shot(`contact-consent-${name}.png`) });
        await page.getByRole('button', { name: 'Book My Strategy Call' }).click();
        await page.getByText('Thank you! Our AI team will respond immediately.').waitFor();
        const rows = await queryRows(
          suite.server.databaseUrl,
          `select consent_notice_version, marketing_opt_in, consent_given_at is not null as dated
             from contacts where email = $1`,
          [email],
        );
        expect(rows).toEqual([{ consent_notice_version: 1, marketing_opt_in: true, dated: true }]);

        // The notice itself, on its own prerendered page.
        await page.goto('/privacy');
        await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
        await page.getByText(FIRST_PRIVACY_NOTICE.slice(0, 60)).waitFor();
        await page
          .getByTestId('privacy-notice-version')
          .getByText(/^Version 1, published /)
          .waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: shot(`privacy-${name}.png`), fullPage: true });
        expect(w.consoleErrors).toEqual([]);
        expect(w.foreignRequests).toEqual([]);
      } finally {
        await w.close();
      }
    },
  );
});
