// The contact form: validation, honeypot, submitting state, success panel and reset, stored row,
// and the server-error toast.
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/server/test/pg-admin';
import { newPage, waitForHydration, type Watched, usePublicSuite } from './support/public';

const suite = usePublicSuite();

async function openContact(): Promise<Watched> {
  const w = await newPage(suite);
  await w.page.goto('/contact');
  await waitForHydration(w.page);
  return w;
}

async function fill(
  w: Watched,
  values: { name: string; email: string; company?: string; phone?: string; message: string },
) {
  await w.page.getByLabel('Full name').fill(values.name);
  await w.page.getByLabel('Work email').fill(values.email);
  if (values.company) await w.page.getByLabel('Company').fill(values.company);
  if (values.phone) await w.page.getByLabel('Phone').fill(values.phone);
  await w.page.getByLabel('How can we help?').fill(values.message);
}

const submit = (w: Watched) =>
  w.page.getByRole('button', { name: /Book My Strategy Call|Submitting/ });

describe('contact form', () => {
  it('shows the required-field messages under the fields and sends nothing', async () => {
    const w = await openContact();
    try {
      let posted = false;
      w.page.on(
        'request',
        (r) => r.method() === 'POST' && r.url().endsWith('/api/contacts') && (posted = true),
      );
      await submit(w).click();
      for (const msg of ['Name is required', 'Email is required', 'Message is required'])
        await w.page.getByText(msg).waitFor();
      expect(await w.page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
      expect(await w.page.getByLabel('Full name').getAttribute('aria-describedby')).toBe(
        'contact-name-error',
      );
      expect(await w.page.getByLabel('Work email').getAttribute('type')).toBe('email');
      await w.page.getByLabel('Full name').fill('Ada');
      expect(await w.page.getByText('Name is required').count()).toBe(0);
      expect(posted).toBe(false);
    } finally {
      await w.close();
    }
  });

  it('has the honeypot field off-screen, unfocusable and hidden from assistive tech', async () => {
    const w = await openContact();
    try {
      const trap = w.page.locator('input[name="website"]');
      expect(await trap.count()).toBe(1);
      expect(await trap.getAttribute('tabindex')).toBe('-1');
      expect(await trap.getAttribute('autocomplete')).toBe('off');
      expect(await trap.evaluate((el) => !!el.closest('[aria-hidden="true"]'))).toBe(true);
      const box = await trap.boundingBox();
      expect(box === null || box.x + box.width < 0).toBe(true);
      // Tabbing through the form never lands on it.
      await w.page.getByLabel('Full name').focus();
      for (let i = 0; i < 8; i++) {
        await w.page.keyboard.press('Tab');
        expect(await w.page.evaluate(() => document.activeElement?.getAttribute('name'))).not.toBe(
          'website',
        );
      }
    } finally {
      await w.close();
    }
  });

  it('submits: Submitting... while pending, toast and panel, stored as website/new, empty form after 3 s', async () => {
    const w = await openContact();
    try {
      let body: Record<string, unknown> | undefined;
      // Hold the request briefly so the pending state is observable, then let the real server answer.
      await w.page.route('**/api/contacts', async (route) => {
        body = route.request().postDataJSON() as Record<string, unknown>;
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      const email = `buyer-${Date.now()}@example.com`;
      await fill(w, {
        name: 'Jordan Buyer',
        email,
        company: 'Acme',
        phone: '555-0100',
        message: 'We need 500 meetings a month.',
      });
      await submit(w).click();
      const pending = w.page.getByRole('button', { name: 'Submitting...' });
      await pending.waitFor();
      expect(await pending.isDisabled()).toBe(true);
      const toast = w.page.locator('[data-testid="toast"]');
      await toast.getByText('Message Sent Successfully!').waitFor();
      await toast
        .getByText('Thank you for contacting us! Our AI system will respond immediately.')
        .waitFor();
      const panel = w.page.getByText('Thank you! Our AI team will respond immediately.');
      await panel.waitFor();
      expect(body).toMatchObject({
        name: 'Jordan Buyer',
        email,
        company: 'Acme',
        phone: '555-0100',
        website: '',
      });
      const shownAt = Date.now();
      await panel.waitFor({ state: 'detached', timeout: 5000 });
      expect(Date.now() - shownAt).toBeGreaterThan(2000);
      for (const label of ['Full name', 'Work email', 'Company', 'Phone', 'How can we help?']) {
        expect(await w.page.getByLabel(label).inputValue()).toBe('');
      }
      expect(await w.page.getByText('is required').count()).toBe(0);

      const rows = await queryRows(
        suite.server.databaseUrl,
        'select source, status, company from contacts where email = $1',
        [email],
      );
      expect(rows).toEqual([{ source: 'website', status: 'new', company: 'Acme' }]);
    } finally {
      await w.close();
    }
  });

  it("keeps the visit's first touch on the server: page views counted, nothing stored in the browser", async () => {
    // A browser of its own: the other tests' pages today were another visitor's first touch.
    const w = await newPage(suite, {
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${Date.now() % 10_000}.0 Safari/537.36`,
    });
    const browserStore = () =>
      w.page.evaluate(() => ({
        cookie: document.cookie,
        local: localStorage.length,
        session: sessionStorage.length,
      }));
    const empty = { cookie: '', local: 0, session: 0 };
    const pageViews = async () =>
      Number(
        (await queryRows(suite.server.databaseUrl, 'select count(*) as n from page_views'))[0]!.n,
      );
    const counted = async (n: number) =>
      expect.poll(pageViews, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
    try {
      const before = await pageViews();
      await w.page.goto(
        '/services?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch',
        { referer: 'https://news.example.com/issue-12' },
      );
      await waitForHydration(w.page);
      await counted(before + 1);
      expect(await browserStore()).toEqual(empty);
      // A later page with other parameters does not replace the first touch.
      await w.page.goto('/about?utm_source=other');
      await waitForHydration(w.page);
      await counted(before + 2);
      expect(await browserStore()).toEqual(empty);
      // A page reached by client-side navigation counts too.
      await w.page.getByRole('link', { name: 'Book Strategy Call' }).first().click();
      await w.page.getByLabel('Full name').waitFor();
      await counted(before + 3);
      expect(await browserStore()).toEqual(empty);
      const email = `utm-${Date.now()}@example.com`;
      await fill(w, { name: 'Utm Buyer', email, message: 'Saw your newsletter.' });
      await submit(w).click();
      await w.page.getByText('Thank you! Our AI team will respond immediately.').waitFor();
      const rows = await queryRows(
        suite.server.databaseUrl,
        `select utm_source, utm_medium, utm_campaign, utm_term, referrer, landing_page
           from contacts where email = $1`,
        [email],
      );
      expect(rows).toEqual([
        {
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: 'spring-launch',
          utm_term: null,
          referrer: 'news.example.com',
          landing_page:
            '/services?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch',
        },
      ]);
    } finally {
      await w.close();
    }
  });

  it('does not count a bot’s page views', async () => {
    const bot = await newPage(suite, {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    try {
      const before = await queryRows(
        suite.server.databaseUrl,
        'select count(*) as n from page_views',
      );
      const sent = bot.page.waitForResponse((r) => r.url().endsWith('/api/collect'));
      await bot.page.goto('/about');
      expect((await sent).status()).toBe(202);
      // Past the buffer's next write: a counted view would be there by now.
      await new Promise((r) => setTimeout(r, 1500));
      expect(
        await queryRows(suite.server.databaseUrl, 'select count(*) as n from page_views'),
      ).toEqual(before);
    } finally {
      await bot.close();
    }
  });

  it('on a server error shows a destructive Error toast with the server message and keeps the values', async () => {
    const w = await openContact();
    try {
      await w.page.route('**/api/contacts', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Database is unavailable',
            code: 'INTERNAL_SERVER_ERROR',
          }),
        }),
      );
      await fill(w, { name: 'Kept Name', email: 'kept@example.com', message: 'Keep me' });
      await submit(w).click();
      const toast = w.page.locator('[data-testid="toast"]');
      await toast.waitFor();
      expect(await toast.getAttribute('data-variant')).toBe('destructive');
      await toast.getByText('Error', { exact: true }).waitFor();
      await toast.getByText('Database is unavailable').waitFor();
      expect(await w.page.getByLabel('Full name').inputValue()).toBe('Kept Name');
      expect(await w.page.getByLabel('How can we help?').inputValue()).toBe('Keep me');
      expect(await w.page.getByRole('button', { name: 'Book My Strategy Call' }).isEnabled()).toBe(
        true,
      );
    } finally {
      await w.close();
    }
  });

  it('shows the phone, email, response time and What to Expect list', async () => {
    const w = await openContact();
    try {
      await w.page.getByText('(888) 555-0142').first().waitFor();
      await w.page.getByText('hello@convoza.ai').first().waitFor();
      await w.page.getByText('Response time').waitFor();
      for (const item of [
        '30-minute discovery call',
        'Custom solution walkthrough',
        'ROI projection and timeline',
        'Implementation roadmap',
      ]) {
        await w.page.getByText(item, { exact: true }).waitFor();
      }
    } finally {
      await w.close();
    }
  });
});
