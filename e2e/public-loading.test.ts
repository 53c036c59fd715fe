// How a public page loads: before its load event only the boot script, the Inter subset and
// images (no stylesheet, no app code); the app hydrates afterwards; and the Inter subset
// (scripts/subset-inter.ts) covers every character the pages show, so no page ever needs the
// full font.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { charactersIn, parseUnicodeRange } from '../scripts/subset-inter';
import { newPage, PUBLIC_PAGES, waitForHydration, usePublicSuite } from './support/public';

const dist = resolve(import.meta.dirname, '../dist/client');
const pageFile = (path: string) => join(dist, path === '/' ? 'home' : path, 'index.html');
const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * In a page's inline CSS: the Inter subset's unicode-range, the union of the full Inter faces'
 * ranges, and the range of the latin face the subset is cut from.
 */
function fontRanges(html: string): { subset: Set<number>; inter: Set<number>; latin: Set<number> } {
  const subset = /@font-face\{font-family:'Inter Subset'[^}]*unicode-range:([^;}]+)/.exec(html);
  if (!subset?.[1]) throw new Error('no Inter Subset @font-face');
  const inter = new Set<number>();
  let latin = new Set<number>();
  for (const m of html.matchAll(
    /@font-face\{[^}]*font-family:\s*['"]?Inter Variable['"]?[^}]*\}/g,
  )) {
    const range = parseUnicodeRange(/unicode-range:([^;}]+)/.exec(m[0])?.[1] ?? '');
    for (const c of range) inter.add(c);
    if (m[0].includes('inter-latin-wght-normal')) latin = range;
  }
  if (inter.size === 0 || latin.size === 0) throw new Error('no Inter Variable @font-face');
  return { subset: parseUnicodeRange(subset[1]), inter, latin };
}

/** What the page's markup can show in its font: text, and the placeholder, value and alt texts. */
function shownText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  const attributes = [...body.matchAll(/\s(?:placeholder|value|alt)="([^"]*)"/g)].map((m) => m[1]);
  const text = body
    .replace(/<(script|style|title)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(
      /&(amp|lt|gt|quot);/g,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[e] ?? '',
    );
  return [text, ...attributes].join(' ');
}

/**
 * Characters of `text` that a full Inter face has (`only: 'latin'`: the latin face) but the
 * subset does not: showing one would download a full face.
 */
function missing(text: string, html: string, only?: 'latin'): string[] {
  const { subset, inter, latin } = fontRanges(html);
  const faces = only === 'latin' ? latin : inter;
  return [...charactersIn(text)]
    .filter((c) => faces.has(c) && !subset.has(c))
    .map((c) => `${hex(c)} ${String.fromCodePoint(c)}`);
}

describe('the Inter subset in the built pages (dist/client)', () => {
  it('dist/client is built', () => {
    expect(existsSync(pageFile('/')), 'run `npm run build` first').toBe(true);
  });

  it.each([...PUBLIC_PAGES.map((p) => p.path), '404'])(
    '%s: every character it shows in Inter is in the subset',
    (path) => {
      const html = readFileSync(path === '404' ? join(dist, '404.html') : pageFile(path), 'utf8');
      expect(missing(shownText(html), html)).toEqual([]);
    },
  );

  // Vendor code holds character ranges in its regular expressions (React's attribute-name check
  // spans Greek and more), so for the JavaScript only the latin face's characters are checked:
  // text in other scripts would fall back to the full faces by design. The browser tests below
  // check that the dialogs, the menu and the form messages fetch no other font.
  it('so is every latin character in the public JavaScript (dialogs, form messages, other pages)', () => {
    const html = readFileSync(pageFile('/'), 'utf8');
    const assets = join(dist, 'assets');
    const chunks = readdirSync(assets).filter((f) => f.endsWith('.js') && !f.includes('admin'));
    for (const chunk of chunks)
      expect(missing(readFileSync(join(assets, chunk), 'utf8'), html, 'latin'), chunk).toEqual([]);
  });

  it('a character outside the subset is caught', () => {
    const html = readFileSync(pageFile('/'), 'utf8');
    expect(missing('Zoë paid 5 €', html)).toEqual(['U+00EB ë', 'U+20AC €']);
  });
});

describe('the React chunk (dist/client)', () => {
  it('has its CommonJS wrappers as function expressions, which V8 compiles off the main thread', () => {
    // vite.config.ts (eagerCommonJsWrappers) rewrites them; arrow functions would be compiled
    // lazily on the main thread while the app starts.
    const assets = join(dist, 'assets');
    const chunk = readdirSync(assets).find((f) => /^react-[\w-]+\.js$/.test(f));
    expect(chunk).toBeDefined();
    const code = readFileSync(join(assets, chunk ?? ''), 'utf8');
    expect(code.match(/\(\(function\([\w$,]*\)\{/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  });
});

const suite = usePublicSuite();

interface Loaded {
  beforeLoad: string[];
  all: string[];
}

/** Same-origin resources of the page, by path: those requested before the load event, and all. */
async function resources(page: Page): Promise<Loaded> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = performance.getEntriesByType('resource');
    const path = (e: PerformanceEntry) => new URL(e.name).pathname;
    return {
      beforeLoad: entries.filter((e) => e.startTime < nav.loadEventStart).map(path),
      all: entries.map(path),
    };
  });
}

const boot = () =>
  /src="(\/assets\/index-[\w-]+\.js)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
const fonts = (paths: string[]) => paths.filter((p) => p.endsWith('.woff2'));
const scripts = (paths: string[]) => paths.filter((p) => p.endsWith('.js'));
const stylesheets = (paths: string[]) => paths.filter((p) => p.endsWith('.css'));

describe('in the browser', () => {
  it.each(PUBLIC_PAGES)(
    '$path: only the boot script before load, the app after it, and only the Inter subset',
    async ({ path }) => {
      const w = await newPage(suite);
      try {
        await w.page.goto(path);
        await waitForHydration(w.page);
        const loaded = await resources(w.page);
        expect(scripts(loaded.beforeLoad)).toEqual([boot()]);
        expect(scripts(loaded.all).some((p) => /\/main-[\w-]+\.js$/.test(p))).toBe(true);
        expect(stylesheets(loaded.all)).toEqual([]);
        expect(fonts(loaded.all)).toHaveLength(1);
        expect(fonts(loaded.all)[0]).toMatch(/^\/assets\/inter-subset-[\w-]+\.woff2$/);
        expect(w.consoleErrors).toEqual([]);
      } finally {
        await w.close();
      }
    },
  );

  it('the mobile menu, a case-study dialog and the form errors need no other font or stylesheet', async () => {
    const w = await newPage(suite, { viewport: { width: 375, height: 800 } });
    try {
      await w.page.goto('/');
      await waitForHydration(w.page);
      await w.page.getByRole('button', { name: 'Open menu' }).click();
      await w.page.locator('#mobile-menu').waitFor();
      await w.page.getByRole('button', { name: 'Close menu' }).click();
      await w.page.locator('#case-studies li button').first().click();
      await w.page.getByRole('dialog').waitFor();
      await w.page.keyboard.press('Escape');
      await w.page.getByRole('dialog').waitFor({ state: 'detached' });
      await w.page.getByRole('link', { name: 'Book a Strategy Call' }).first().click();
      await w.page.getByRole('heading', { level: 1, name: 'Book Your Strategy Call' }).waitFor();
      await w.page.getByRole('button', { name: 'Book My Strategy Call' }).click();
      await w.page.getByText('Name is required').waitFor();
      const loaded = await resources(w.page);
      expect(stylesheets(loaded.all)).toEqual([]);
      expect(fonts(loaded.all).every((p) => p.includes('/inter-subset-'))).toBe(true);
    } finally {
      await w.close();
    }
  });
});
