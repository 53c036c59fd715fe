// The link in a new-lead alert, /admin/contacts?contact=ID, opens that contact's details with
// where the lead came from; an id that does not exist says so.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { DESKTOP, shot } from './support/browser';

const suite = useAdminSuite();
let id = 0;
beforeAll(async () => {
  id = await insertContact(suite, {
    name: 'Linked Lead',
    email: 'linked@example.com',
    company: 'Northwind',
    message: 'Saw the spring campaign.',
  });
  await suite.sql(
    `update contacts set utm_source = 'newsletter', utm_campaign = 'spring-launch',
       referrer = 'https://news.example.com/', landing_page = '/services?utm_source=newsletter'
     where id = $1`,
    [id],
  );
  // Older contacts fill the first page, so the linked one is not simply on screen.
  for (let i = 0; i < 3; i++)
    await insertContact(suite, { name: `Other ${i}`, email: `other${i}@example.com` });
});

describe('contact deep link', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`opens the contact's details with its attribution (${label})`, async () => {
      const { page, consoleErrors, close } = await adminPage(suite, { viewport });
      await page.goto(`/admin/contacts?contact=${id}`);
      const dialog = page.getByRole('dialog', { name: 'Contact Details' });
      await expect
        .poll(() => dialog.getByText('linked@example.com').isVisible(), RENDERED)
        .toBe(true);
      const text = await dialog.innerText();
      expect(text).toMatch(/UTM SOURCE\s+newsletter/i);
      expect(text).toMatch(/UTM CAMPAIGN\s+spring-launch/i);
      expect(text).toMatch(/REFERRER\s+https:\/\/news\.example\.com\//i);
      expect(text).toMatch(/FIRST RESPONSE\s+Not yet/i);
      expect(text).not.toMatch(/UTM TERM/i);
      await dialog.evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
      );
      await page.screenshot({ path: shot(`admin-contact-link-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(await dialog.count()).toBe(0);
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
      await close();
    });
  }

  it('says when the linked contact does not exist', async () => {
    const { page, consoleErrors, close } = await adminPage(suite);
    await page.goto('/admin/contacts?contact=999999');
    const alert = page.getByRole('dialog', { name: 'Contact Details' }).getByRole('alert');
    await expect
      .poll(() => alert.innerText(), RENDERED)
      .toBe('This contact could not be loaded: Contact 999999 was not found');
    expect(unexpectedErrors(consoleErrors, [404])).toEqual([]);
    await close();
  });
});
