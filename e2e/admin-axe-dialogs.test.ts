// The dialogs a day's work opens, with demo data, at 1280 and 375 px: axe finds nothing, of any
// impact (the screens themselves: admin-axe.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/public';
import {
  adminPage,
  animationsSettled,
  DESKTOP,
  PHONE,
  RENDERED,
  useAdminSuite,
  type AdminPage,
} from './support/admin';

const suite = useAdminSuite({ seedDemo: true });

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
  // One signed-in page per screen size; each test loads its screen afresh, closing any dialog.
  let p: AdminPage;
  beforeAll(async () => {
    p = await adminPage(suite, { viewport });
  });
  afterAll(() => p?.close());

  it.each(DIALOGS)(
    '/admin/%s: "%s" opens a dialog without violations',
    async (path, button, name) => {
      await p.page.goto(`/admin/${path}`);
      await p.page.getByRole('heading', { level: 1 }).first().waitFor(RENDERED);
      await p.page.waitForLoadState('networkidle');
      await p.page.getByRole('button', { name: button, exact: true }).first().click();
      await p.page.getByRole('dialog', { name }).waitFor(RENDERED);
      await p.page.waitForLoadState('networkidle');
      await animationsSettled(p.page);
      expect(await axeViolations(p.page)).toEqual([]);
    },
  );

  it('the search dialog (Ctrl+K) has no violations', async () => {
    await p.page.goto('/admin/contacts');
    await p.page.getByRole('heading', { level: 1 }).first().waitFor(RENDERED);
    await p.page.keyboard.press('Control+k');
    await p.page.getByRole('dialog').waitFor(RENDERED);
    await p.page.keyboard.type('ma');
    await p.page.waitForLoadState('networkidle');
    await animationsSettled(p.page);
    expect(await axeViolations(p.page)).toEqual([]);
  });
});
