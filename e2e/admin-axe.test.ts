// Every admin screen, with demo data, at 1280 and 375 px: axe finds nothing, of any impact
// (heading order included, not only the serious and critical issues the other tests check). The
// dialogs a day's work opens: admin-axe-dialogs.test.ts (its own file, so the two run side by side).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/public';
import {
  adminPage,
  DESKTOP,
  PHONE,
  RENDERED,
  useAdminSuite,
  type AdminPage,
} from './support/admin';

const suite = useAdminSuite({ seedDemo: true });

const SCREENS = [
  '',
  'contacts',
  'contacts/1',
  'meetings',
  'tasks',
  'service-inquiries',
  'campaigns',
  'analytics',
  'users',
  'notifications',
  'webhooks',
  'api-keys',
  'security',
  'privacy',
  'audit-log',
  'account',
  'calendar',
];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('axe on %s', (_label, viewport) => {
  // One signed-in page per screen size, loading each screen afresh (a full page load).
  let p: AdminPage;
  beforeAll(async () => {
    p = await adminPage(suite, { viewport });
  });
  afterAll(() => p?.close());

  it.each(SCREENS)('/admin/%s has no violations of any impact', async (path) => {
    await p.page.goto(`/admin/${path}`);
    await p.page.getByRole('heading', { level: 1 }).first().waitFor(RENDERED);
    await p.page.waitForLoadState('networkidle');
    await expect.poll(() => p.page.getByRole('status').count(), RENDERED).toBe(0);
    expect(await axeViolations(p.page)).toEqual([]);
  });
});
