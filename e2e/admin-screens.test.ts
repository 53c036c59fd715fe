// Every admin screen at desktop and phone width with demo data: it renders its heading, makes
// no console errors, and leaves a screenshot (SCREENSHOT_DIR, /tmp/shots by default) for a person to look at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  RENDERED,
  adminPage,
  animationsSettled,
  useAdminSuite,
  unexpectedErrors,
  type AdminPage,
} from './support/admin';
import { shot } from './support/browser';

const SCREENS = [
  { path: '', name: 'dashboard', heading: 'Dashboard' },
  { path: 'contacts', name: 'contacts', heading: 'Contacts' },
  { path: 'tasks', name: 'tasks', heading: 'Tasks' },
  { path: 'users', name: 'users', heading: 'User Management' },
  { path: 'service-inquiries', name: 'service-inquiries', heading: 'Service Inquiries' },
  { path: 'campaigns', name: 'campaigns', heading: 'Campaign Management' },
  { path: 'analytics', name: 'analytics', heading: 'Analytics Dashboard' },
  { path: 'security', name: 'security', heading: 'Security Center' },
  { path: 'privacy', name: 'privacy', heading: 'Privacy' },
  { path: 'legacy', name: 'legacy', heading: 'Contact Submissions' },
];

const suite = useAdminSuite({ seedDemo: true });

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('admin screens on %s', (_label, viewport) => {
  // One signed-in page per screen size, loading each screen afresh (a full page load).
  let admin: AdminPage;
  beforeAll(async () => {
    admin = await adminPage(suite, { viewport });
  });
  afterAll(() => admin?.close());

  it.each(SCREENS)('$name renders without console errors', async ({ path, name, heading }) => {
    const { page, consoleErrors } = admin;
    consoleErrors.length = 0;
    await page.goto(`/admin/${path}`);
    await expect
      .poll(
        () => page.getByRole('heading', { level: 1, name: heading, exact: true }).isVisible(),
        RENDERED,
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    // Let loading lines give way to content (and entry animations settle) before the shot.
    await expect.poll(() => page.getByRole('status').count(), RENDERED).toBe(0);
    await animationsSettled(page);
    await page.screenshot({
      path: shot(`admin-${name}-${viewport.width}.png`),
      fullPage: true,
    });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Nothing invisible lengthens the page below the content.
    const blankBelow = await page.evaluate(() => {
      const main = document.querySelector('main')!.getBoundingClientRect().bottom + window.scrollY;
      return document.documentElement.scrollHeight - Math.max(window.innerHeight, Math.ceil(main));
    });
    expect(blankBelow).toBeLessThanOrEqual(1);
  });
});

describe('Meetings before the first booked call', () => {
  it('opens the Booking Settings (they were out of reach while the list was empty)', async () => {
    const { page, consoleErrors, close } = await adminPage(suite, { viewport: DESKTOP });
    await page.goto('/admin/meetings');
    await page.getByText('No Upcoming Calls').waitFor();
    await page.getByRole('button', { name: 'Booking Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking Settings' });
    await dialog.getByLabel('Calls booked per hour, site-wide (1-1000)').waitFor();
    await page.screenshot({ path: shot('admin-meetings-settings-empty.png') });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });
});
