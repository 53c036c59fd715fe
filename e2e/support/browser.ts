import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// Debian chromium through playwright-core; a page that records console errors and any
// request to another host, so tests can assert there were none.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';

export const DESKTOP = { width: 1280, height: 900 };

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
  /** Closes the page's context (its cookies go with it). */
  close: () => Promise<void>;
}

/**
 * The one place a browser test gets a page: a fresh context on `baseUrl` (desktop-sized unless
 * `options.viewport` says otherwise) whose console errors (with their URL) and requests to any
 * other host are recorded for the test to assert on.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    acceptDownloads: true,
    ...options,
    baseURL: baseUrl,
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.on(
    'console',
    (m) => m.type() === 'error' && consoleErrors.push(`${m.text()} (${m.location().url})`),
  );
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))
      foreignRequests.push(u);
  });
  return { page, context, consoleErrors, foreignRequests, close: () => context.close() };
}

/** Where screenshots go: SCREENSHOT_DIR, or /tmp/shots. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
mkdirSync(SCREENSHOT_DIR, { recursive: true });

/** The path of a screenshot named `name` (e.g. 'contacts-375.png'). */
export const shot = (name: string) => join(SCREENSHOT_DIR, name);

/** Clicks what downloads a file (a button, a link) and answers the file: its name and its text. */
export async function downloaded(
  page: Page,
  trigger: Locator,
): Promise<{ name: string; text: string; lines: string[] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const text = readFileSync((await file.path())!, 'utf8');
  return { name: file.suggestedFilename(), text, lines: text.trim().split('\n') };
}
