// Every admin screen, with demo data, at 1280 and 375 px, and the dialogs a day's work opens: axe
// finds nothing, of any impact (heading order included, not only the serious and critical issues
// the other tests check).
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

/** A screen, the button that opens a dialog on it, and the dialog's name. */
const DIALOGS: [string, string, string][] = [
  ['contacts', 'Add Contact', 'Add Contact'],
  ['contacts', 'Import CSV', 'Import Contacts from CSV'],
  ['contacts/1', 'Edit', 'Edit Contact'],
  ['contacts/1', 'Add Task', 'Add Task'],
  ['tasks', 'Add Task', 'Add Task'],
  ['users', 'Add User', 'Create New User'],
  ['meetings', 'Booking Settings', 'Booking Settings'],
  ['webhooks', 'Add Endpoint', 'Add Endpoint'],
  ['api-keys', 'Create API Key', 'Create API Key'],
];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('axe on open dialogs, %s', (_label, viewport) => {
  it.each(DIALOGS)(
    '/admin/%s: "%s" opens a dialog without violations',
    async (path, button, name) => {
      const p = await adminPage(suite, { viewport });
      await p.page.goto(`/admin/${path}`);
      await p.page.getByRole('heading', { level: 1 }).first().waitFor(RENDERED);
      await p.page.waitForLoadState('networkidle');
      await p.page.getByRole('button', { name: button, exact: true }).first().click();
      await p.page.getByRole('dialog', { name }).waitFor(RENDERED);
      await p.page.waitForLoadState('networkidle');
      expect(await axeViolations(p.page)).toEqual([]);
      await p.close();
    },
  );

  it('the search dialog (Ctrl+K) has no violations', async () => {
    const p = await adminPage(suite, { viewport });
    await p.page.goto('/admin/contacts');
    await p.page.getByRole('heading', { level: 1 }).first().waitFor(RENDERED);
    await p.page.keyboard.press('Control+k');
    await p.page.getByRole('dialog').waitFor(RENDERED);
    await p.page.keyboard.type('ma');
    await p.page.waitForLoadState('networkidle');
    expect(await axeViolations(p.page)).toEqual([]);
    await p.close();
  });
});
