// Debian chromium through playwright-core; a page that records console errors and any
// request to another host, so tests can assert there were none.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  foreignRequests: string[];
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, acceptDownloads: true });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))
      foreignRequests.push(u);
  });
  return { page, context, consoleErrors, foreignRequests };
}
