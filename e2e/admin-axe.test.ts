// Every admin screen, with demo data, at 1280 and 375 px: axe finds nothing, of any impact
// (heading order included, not only the serious and critical issues the other tests check).
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/public';
import { adminPage, DESKTOP, PHONE, RENDERED, useAdminSuite } from './support/admin';

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
  'audit-log',
  'account',
  'calendar',
];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('axe on %s', (_label, viewport) => {
  it.each(SCREENS)('/admin/%s has no violations of any impact', async (path) => {
    const p = await adminPage(suite, { viewport });
    await p.page.goto(`/admin/${path}`);
    await p.page.getByRole('heading', { level: 1 }).first().waitFor(RENDERED);
    await p.page.waitForLoadState('networkidle');
    await expect.poll(() => p.page.getByRole('status').count(), RENDERED).toBe(0);
    expect(await axeViolations(p.page)).toEqual([]);
    await p.close();
  });
});
