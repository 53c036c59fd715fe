// A visitor on a slow connection types into the prerendered contact form before the JavaScript
// arrives: hydration keeps what they typed (never the honeypot), and the form submits it.
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/server/test/pg-admin';
import { DESKTOP, shot } from './support/browser';
import { newPage, waitForHydration, usePublicSuite } from './support/public';

const suite = usePublicSuite();

const hydrated = () => {
  const root = document.getElementById('root');
  return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
};

describe('contact form typed into before hydration', () => {
  for (const viewport of [{ width: 375, height: 812 }, DESKTOP]) {
    it(`keeps and submits what was typed before the JavaScript arrived (${viewport.width} px)`, async () => {
      const w = await newPage(suite, { viewport });
      const { page } = w;
      try {
        // The slow connection: every script is held until the visitor has typed.
        let releaseScripts!: () => void;
        const scriptsReleased = new Promise<void>((r) => (releaseScripts = r));
        await page.route('**/*.js', async (route) => {
          await scriptsReleased;
          await route.continue();
        });
        let body: Record<string, unknown> | undefined;
        await page.route('**/api/contacts', async (route) => {
          body = route.request().postDataJSON() as Record<string, unknown>;
          await route.continue();
        });

        await page.goto('/contact', { waitUntil: 'commit' });
        const email = `early-${viewport.width}-${Date.now()}@example.com`;
        const typed: [string, string][] = [
          ['Full name', 'Early Typist'],
          ['Work email', email],
          ['Company', 'Slow Net Inc.'],
          ['Phone', '555-0199'],
          ['How can we help?', 'Typed before the page came alive.'],
        ];
        for (const [label, value] of typed)
          await page.getByLabel(label).pressSequentially(value, { delay: 5 });
        // Something filled the honeypot too (a bot, or an over-eager autofill): never taken up.
        await page.locator('#contact-website').evaluate((el: HTMLInputElement) => {
          el.value = 'https://spam.example';
        });
        expect(await page.evaluate(hydrated)).toBe(false);

        // The form fetches its token once it has mounted: the effects of hydration have run.
        const tokenFetched = page.waitForResponse((r) =>
          r.url().endsWith('/api/contacts/form-token'),
        );
        releaseScripts();
        await tokenFetched;
        await waitForHydration(page);

        for (const [label, value] of typed)
          expect(await page.getByLabel(label).inputValue()).toBe(value);
        await page
          .getByRole('form', { name: 'Book your strategy call' })
          .screenshot({ path: shot(`contact-early-typing-${viewport.width}.png`) });

        await page.getByRole('button', { name: 'Book My Strategy Call' }).click();
        const thanks = page.getByText('Thank you! Our AI team will respond immediately.');
        const required = page.getByText(/is required/);
        await thanks.or(required).first().waitFor();
        expect(await required.allInnerTexts()).toEqual([]);
        expect(await thanks.isVisible()).toBe(true);
        expect(body).toMatchObject({
          name: 'Early Typist',
          email,
          company: 'Slow Net Inc.',
          phone: '555-0199',
          message: 'Typed before the page came alive.',
          website: '',
        });
        const rows = await queryRows(
          suite.server.databaseUrl,
          'select name, company, phone, message from contacts where email = $1',
          [email],
        );
        expect(rows).toEqual([
          {
            name: 'Early Typist',
            company: 'Slow Net Inc.',
            phone: '555-0199',
            message: 'Typed before the page came alive.',
          },
        ]);
        expect(w.consoleErrors).toEqual([]);
      } finally {
        await w.close();
      }
    });
  }
});
