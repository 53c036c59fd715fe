// Shared set-up for the public-site browser tests: one built server and one chromium per file,
// pages that record console errors (with their URL) and requests to any other host.
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser, openPage, shot, type WatchedPage } from './browser';
import { lateBound } from '../../src/server/test/use-test-app';

export const PUBLIC_PAGES: { path: string; h1: RegExp }[] = [
  { path: '/', h1: /1200\+ appointments in 2 days/ },
  { path: '/services', h1: /^All Services$/ },
  { path: '/services/ai-outbound-calling', h1: /^AI Outbound Calling$/ },
  { path: '/services/ai-inbound-lead-vetting', h1: /^AI Inbound Lead Vetting$/ },
  { path: '/services/ai-text-email', h1: /^AI Text & Email Follow-up$/ },
  { path: '/services/workflow-automation', h1: /^Workflow Automation$/ },
  { path: '/case-studies', h1: /70x more appointments booked/ },
  { path: '/about', h1: /give sales teams their time back/ },
  { path: '/careers', h1: /50\+ team members/ },
  { path: '/contact', h1: /^Book Your Strategy Call$/ },
  { path: '/privacy', h1: /^Privacy notice$/ },
];

export interface PublicSuite {
  server: AppServer;
  browser: Browser;
}

export async function startPublicSuite(): Promise<PublicSuite> {
  const [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  return { server, browser };
}

export async function stopPublicSuite(suite: PublicSuite | undefined): Promise<void> {
  await suite?.browser.close();
  await suite?.server.stop();
}

/**
 * The suite for the tests of a file: started before them, stopped after (like useAdminSuite). A
 * beforeAll declared after this call runs once the server is up.
 */
export function usePublicSuite(): PublicSuite {
  let suite: PublicSuite | undefined;
  beforeAll(async () => {
    suite = await startPublicSuite();
  });
  afterAll(() => stopPublicSuite(suite));
  return lateBound(() => suite, 'The public suite');
}

export type Watched = WatchedPage;

/** A visitor's page on the suite's server (openPage, as a visitor's browser presents itself). */
export function newPage(suite: PublicSuite, options: BrowserContextOptions = {}): Promise<Watched> {
  // The server refuses automation user agents (bot protection); present as the desktop Chrome
  // a visitor would use, with a language, as a real browser sends.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${suite.browser.version()} Safari/537.36`;
  return openPage(suite.browser, suite.server.url, { userAgent, locale: 'en-US', ...options });
}

/** Serious and critical axe findings, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Looks at the page: a screenshot in SCREENSHOT_DIR (`name`, to open and judge), then its serious
 * and critical axe violations (a test expects none).
 */
export async function screenshotAndAxe(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string[]> {
  await page.screenshot({ path: shot(name), ...options });
  return seriousAxeViolations(page);
}

/** Every axe violation, of any impact. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Waits until the route's lazy page chunk has hydrated (the navbar toggle/links respond). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
  await page.waitForLoadState('networkidle');
}
