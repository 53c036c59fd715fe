// The Privacy screen: publishing the next notice version, and a person's data export downloaded
// as JSON (phone and desktop); axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import type { TPrivacyExport } from '../src/shared/privacy.schema';
import {
  adminPage,
  closeToasts,
  DESKTOP,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  unexpectedErrors,
  useAdminSuite,
} from './support/admin';
import { shot, downloaded } from './support/browser';
import { seriousAxeViolations } from './support/public';

const suite = useAdminSuite();

describe('the Privacy screen', () => {
  it.each([
    { viewport: DESKTOP, name: 'desktop' },
    { viewport: PHONE, name: 'phone' },
  ])('publishes a notice version and exports a person ($name)', async ({ viewport, name }) => {
    const email = `export-${name}@privacy.test`;
    await insertContact(suite, { name: 'Ezra Export', email: email.toUpperCase() });
    const p = await adminPage(suite, { viewport });
    try {
      const { page } = p;
      await page.goto('/admin/privacy');
      await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor(RENDERED);
      await page.getByText('Version 1').first().waitFor(RENDERED);

      // A blank address is refused under the field; a real one downloads the file.
      await page.getByRole('button', { name: 'Export Data' }).click();
      await page.getByText('email is required').waitFor(RENDERED);
      await page.getByLabel('Email address').fill(email);
      const download = await downloaded(page, page.getByRole('button', { name: 'Export Data' }));
      expect(download.name).toMatch(/^privacy-export-\d{4}-\d\d-\d\d\.json$/);
      const held = JSON.parse(download.text) as TPrivacyExport;
      expect(held.contacts.map((c) => c.name)).toEqual(['Ezra Export']);
      await expectToast(page, 'Success', `Exported 1 contact and everything about ${email}`);
      await closeToasts(page);

      const text = `Version from the ${name} test: we keep leads for two years.`;
      await page.getByLabel("Next version's text").fill(text);
      await page.getByRole('button', { name: 'Publish New Version' }).click();
      await expectToast(page, 'Success', 'Privacy notice published');
      await page.getByText(text).waitFor(RENDERED);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: shot(`admin-privacy-${name}.png`), fullPage: true });
      expect(unexpectedErrors(p.consoleErrors, [400])).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
