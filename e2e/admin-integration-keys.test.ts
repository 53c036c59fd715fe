// The API Keys screen: create a key (shown once, with a request that uses it), use it from a
// server-side fetch against POST /api/contacts, see its last use, and revoke it.
import { describe, expect, it } from 'vitest';
import {
  adminPage,
  expectToast,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { DESKTOP, shot } from './support/browser';

const suite = useAdminSuite();

async function openKeys(viewport = DESKTOP) {
  const p = await adminPage(suite, { viewport });
  await p.page.goto('/admin/api-keys');
  await expect
    .poll(() => p.page.getByRole('heading', { level: 1, name: 'API Keys' }).isVisible(), RENDERED)
    .toBe(true);
  return p;
}

/** A lead as another company's server sends it: JSON and the key, no browser headers. */
const submitWithKey = (key: string) =>
  fetch(`${suite.server.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ name: 'Zap Lead', email: 'zap@example.com', message: 'From Zapier' }),
  });

let key = '';

describe('API Keys screen', () => {
  it('creates a key and shows it once, then lists only its prefix (phone)', async () => {
    const { page, context, consoleErrors, close } = await openKeys(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await expect.poll(() => page.getByText('No API Keys Yet').isVisible(), RENDERED).toBe(true);
    await expect
      .poll(() => page.getByText('up to 1,000 leads per hour').isVisible(), RENDERED)
      .toBe(true);

    await page.getByRole('button', { name: 'Create API Key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    await expect.poll(() => dialog.locator('#key-name-error').innerText()).toBe('Name is required');
    await dialog.getByLabel('Name').fill('Zapier');
    await dialog.getByRole('button', { name: 'Create Key' }).click();

    const shown = page.getByRole('dialog', { name: 'API key created' });
    key = await shown.getByTestId('integration-key').innerText();
    expect(key).toMatch(/^cvz_live_[A-Za-z0-9_-]{43}$/);
    const note = await shown.getByRole('note').innerText();
    expect(note).toContain('you will not see it again');
    expect(note).toContain(`Authorization: Bearer ${key}`);
    await shown.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    await page.screenshot({ path: shot('admin-api-keys-created-375.png') });
    await shown.getByRole('button', { name: 'Copy the api key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();

    const list = page.getByRole('list', { name: 'API keys' });
    await expect.poll(() => list.getByRole('listitem').count(), RENDERED).toBe(1);
    expect(await list.innerText()).toContain(key.slice(0, 13));
    expect(await page.content()).not.toContain(key);
    expect(await page.getByTestId('key-last-used').innerText()).toBe('Never');
    expect(await page.getByTestId('keys-total').innerText()).toBe('Total: 1 key');
    await page.screenshot({ path: shot('admin-api-keys-375.png'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });

  it('shows when a server used the key, then revokes it (desktop)', async () => {
    expect((await submitWithKey(key)).status).toBe(200);
    const [lead] = await suite.sql<{ source: string }>(
      `select source from contacts where email = 'zap@example.com'`,
    );
    expect(lead?.source).toBe('api');

    const { page, consoleErrors, close } = await openKeys();
    expect(
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'API Keys' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await expect
      .poll(() => page.getByTestId('key-last-used').innerText(), RENDERED)
      .not.toBe('Never');
    await page.screenshot({ path: shot('admin-api-keys-1280.png') });

    await page.getByRole('button', { name: 'Revoke Zapier' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke API key?' });
    expect(await confirm.innerText()).toContain(key.slice(0, 13));
    await confirm.getByRole('button', { name: 'Revoke Key' }).click();
    await expectToast(page, 'Success', 'API key revoked');
    await expect.poll(() => page.getByText('No API Keys Yet').isVisible(), RENDERED).toBe(true);
    expect((await submitWithKey(key)).status).toBe(401);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });
});
