// Every public route: prerendered HTML (no JavaScript), hydrated page, 404, redirect, and the
// hygiene checks (no other host, no console error, no serious axe violation).
import { describe, expect, it } from 'vitest';
import {
  newPage,
  PUBLIC_PAGES,
  seriousAxeViolations,
  waitForHydration,
  usePublicSuite,
} from './support/public';

const suite = usePublicSuite();

function h1Texts(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/<!--.*?-->/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .trim(),
  );
}

describe('prerendered HTML, fetched without JavaScript', () => {
  it.each(PUBLIC_PAGES)('$path has exactly one h1 and its SEO tags', async ({ path, h1 }) => {
    const res = await fetch(`${suite.server.url}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const h1s = h1Texts(html);
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toMatch(h1);
    expect(html).toMatch(/<title>[^<]+Convoza|<title>Convoza/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain(`<link rel="canonical" href="https://convoza.ai${path}"`);
    expect(html).toContain('<meta property="og:title"');
  });

  it('unknown paths answer 404 with the 404 page', async () => {
    const res = await fetch(`${suite.server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(h1Texts(html)).toEqual(['404 Page Not Found']);
    expect(html).toContain('Did you forget to add the page to the router?');
    expect(html).toContain('noindex');
  });

  it('serves robots.txt (admin disallowed) and a sitemap of every public route', async () => {
    const robots = await (await fetch(`${suite.server.url}/robots.txt`)).text();
    expect(robots).toMatch(/Disallow: \/admin/);
    const sitemap = await (await fetch(`${suite.server.url}/sitemap.xml`)).text();
    for (const { path } of PUBLIC_PAGES)
      expect(sitemap).toContain(`<loc>https://convoza.ai${path}</loc>`);
  });
});

describe('in the browser', () => {
  it.each(PUBLIC_PAGES)(
    '$path: h1, no other host, no console error, no serious axe violation, a page view and nothing stored in the browser',
    async ({ path, h1 }) => {
      const w = await newPage(suite);
      try {
        const pageView = w.page.waitForResponse((r) => r.url().endsWith('/api/collect'));
        await w.page.goto(path);
        await waitForHydration(w.page);
        expect((await pageView).status()).toBe(202);
        expect(
          await w.page.evaluate(() => [
            document.cookie,
            localStorage.length,
            sessionStorage.length,
          ]),
        ).toEqual(['', 0, 0]);
        await expect.poll(() => w.page.locator('h1').allInnerTexts()).toHaveLength(1);
        expect((await w.page.locator('h1').innerText()).replace(/\s+/g, ' ')).toMatch(h1);
        expect(await seriousAxeViolations(w.page)).toEqual([]);
        const overflow = await w.page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        expect(w.foreignRequests).toEqual([]);
        expect(w.consoleErrors).toEqual([]);
      } finally {
        await w.close();
      }
    },
  );

  it.each(['/', '/contact', '/case-studies'])(
    '%s at 360 px: no horizontal scroll, no serious axe violation',
    async (path) => {
      const w = await newPage(suite, { viewport: { width: 360, height: 740 } });
      try {
        await w.page.goto(path);
        await waitForHydration(w.page);
        const overflow = await w.page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(w.page)).toEqual([]);
      } finally {
        await w.close();
      }
    },
  );

  it('renders the 404 page for an unknown path', async () => {
    const w = await newPage(suite);
    try {
      const res = await w.page.goto('/definitely/not/here');
      expect(res?.status()).toBe(404);
      await expect.poll(() => w.page.locator('h1').innerText()).toBe('404 Page Not Found');
      await w.page.getByText('Did you forget to add the page to the router?').waitFor();
      expect(await seriousAxeViolations(w.page)).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('redirects the old slug /services/ai-inbound-vetting to the lead-vetting detail page', async () => {
    const w = await newPage(suite);
    try {
      await w.page.goto('/services/ai-inbound-vetting');
      await w.page.waitForURL('**/services/ai-inbound-lead-vetting');
      await w.page.getByRole('heading', { level: 1, name: 'AI Inbound Lead Vetting' }).waitFor();
      expect(w.consoleErrors).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
