// Shared set-up for the admin browser tests: one built server (own database) and one chromium
// per file, signed-in pages that record console errors, and direct SQL for seeding known data.
import type { QueryResultRow } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { queryRows } from '../../src/server/test/pg-admin';
import { lateBound } from '../../src/server/test/use-test-app';
import { E2E_ADMIN, startAppServer, type AppServer } from './app-server';
import { DESKTOP, launchBrowser, openPage, type WatchedPage } from './browser';

export { DESKTOP, E2E_ADMIN };

export interface AdminSuite {
  server: AppServer;
  browser: Browser;
  sql: <T extends QueryResultRow = QueryResultRow>(
    text: string,
    params?: unknown[],
  ) => Promise<T[]>;
  stop: () => Promise<void>;
}

/**
 * The suite of a test file: started before its tests, stopped after them. The handle reads the
 * running suite (a test file names it once at the top instead of a variable and two hooks).
 */
export function useAdminSuite(
  options: { seedDemo?: boolean; env?: Record<string, string> } = {},
): AdminSuite {
  let suite: AdminSuite | undefined;
  beforeAll(async () => {
    suite = await startAdminSuite(options);
  });
  afterAll(() => suite?.stop());
  return lateBound(() => suite, 'The admin suite');
}

export async function startAdminSuite(
  options: { seedDemo?: boolean; env?: Record<string, string> } = {},
): Promise<AdminSuite> {
  const [server, browser] = await Promise.all([startAppServer(options), launchBrowser()]);
  return {
    server,
    browser,
    sql: (text, params) => queryRows(server.databaseUrl, text, params),
    stop: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

export type AdminPage = WatchedPage;

export const PHONE = { width: 375, height: 812 };

/**
 * For expect.poll on what a navigation renders (a screen's lazy chunk and first query): the 10 s
 * that locator waits get (adminPage's default timeout), not poll's 1 s, which a busy machine
 * overruns.
 */
export const RENDERED = { timeout: 10_000 };

/**
 * Waits for the page's running animations (a dialog fading and zooming in, entry effects) to end:
 * axe or a screenshot taken mid-fade sees half-transparent text (a contrast it never has at rest).
 */
export const animationsSettled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );

/** A page whose context is signed in (through the REST login) unless `signedIn: false`. */
export async function adminPage(
  suite: AdminSuite,
  options: {
    viewport?: { width: number; height: number };
    /** The browser's time zone (IANA), as a user's device would report it. */
    timezoneId?: string;
    signedIn?: boolean;
    as?: { username: string; password: string };
  } = {},
): Promise<AdminPage> {
  const watched = await openPage(suite.browser, suite.server.url, {
    viewport: options.viewport ?? DESKTOP,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const { context } = watched;
  if (options.signedIn !== false) {
    const res = await context.request.post('/api/auth/login', { data: options.as ?? E2E_ADMIN });
    if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  }
  context.setDefaultTimeout(10_000);
  return watched;
}

/**
 * Console errors other than the browser's own "Failed to load resource" line for the HTTP
 * statuses a test provokes on purpose (a 401 before sign-in, a refused delete, ...).
 */
export function unexpectedErrors(
  errors: readonly string[],
  allowedStatuses: readonly number[] = [],
): string[] {
  return errors.filter((e) => {
    const m = /Failed to load resource: the server responded with a status of (\d{3})/.exec(e);
    return !(m && allowedStatuses.includes(Number(m[1])));
  });
}

export async function insertContact(
  suite: AdminSuite,
  c: {
    name: string;
    email: string;
    company?: string | null;
    phone?: string | null;
    message?: string | null;
    status?: string;
    source?: string;
    createdAt?: Date;
  },
): Promise<number> {
  const rows = await suite.sql<{ id: number }>(
    `insert into contacts (name, email, company, phone, message, status, source, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id`,
    [
      c.name,
      c.email,
      c.company ?? null,
      c.phone ?? null,
      c.message ?? null,
      c.status ?? 'new',
      c.source ?? 'website',
      c.createdAt ?? new Date(),
    ],
  );
  return rows[0]!.id;
}

export async function insertCampaign(
  suite: AdminSuite,
  c: {
    name: string;
    type: string;
    status: string;
    targetAudience?: string;
    goalMetric?: string;
    goalValue?: number;
  },
): Promise<number> {
  const rows = await suite.sql<{ id: number }>(
    `insert into campaigns (name, type, status, target_audience, goal_metric, goal_value) values ($1, $2, $3, $4, $5, $6) returning id`,
    [c.name, c.type, c.status, c.targetAudience ?? null, c.goalMetric ?? null, c.goalValue ?? null],
  );
  return rows[0]!.id;
}

/** The one toast on screen (at most one is shown). */
export function toast(page: Page) {
  return page.getByTestId('toast');
}

export async function insertInquiry(
  suite: AdminSuite,
  i: {
    contactId: number;
    serviceType: string;
    priority?: string;
    estimatedVolume?: string | null;
    timeline?: string | null;
    budget?: string | null;
    notes?: string | null;
  },
): Promise<number> {
  const rows = await suite.sql<{ id: number }>(
    `insert into service_inquiries (contact_id, service_type, priority, estimated_volume, timeline, budget, notes)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      i.contactId,
      i.serviceType,
      i.priority ?? 'medium',
      i.estimatedVolume ?? null,
      i.timeline ?? null,
      i.budget ?? null,
      i.notes ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Picks `option` in the Radix select labelled `label` (a filter or a form field). */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the card menu labelled `label` ('Actions for Maya Patel') and picks `item`. */
export async function cardMenu(page: Page, label: string, item: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Waits until the one toast shows `title` (and `description` when given); returns its text. */
export async function expectToast(
  page: Page,
  title: string,
  description?: string | RegExp,
): Promise<string> {
  const t = toast(page).filter({ hasText: title }).first();
  await t.waitFor({ state: 'visible', timeout: 10_000 });
  const text = (await t.innerText()).trim();
  // docs/PRODUCT.md: at most one toast is shown at a time. A toast that leads on (sign-in goes
  // to /admin) may take the page with it before this count: nothing left to count then.
  const shown = await toast(page)
    .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length)
    .catch((error: Error) => {
      if (/context was destroyed/.test(error.message)) return 0;
      throw error;
    });
  if (shown > 1) throw new Error(`${shown} toasts shown at once`);
  if (description !== undefined) {
    const ok =
      typeof description === 'string' ? text.includes(description) : description.test(text);
    if (!ok) throw new Error(`toast "${text}" lacks ${String(description)}`);
  }
  return text;
}

/** Dismisses the shown toast so the next assertion cannot match a stale one. */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await toast(page).getByRole('button', { name: 'Close' }).all()) {
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
  await toast(page)
    .first()
    .waitFor({ state: 'hidden', timeout: 2_000 })
    .catch(() => undefined);
}
