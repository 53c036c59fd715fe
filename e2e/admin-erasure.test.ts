// A person erased from their contact page ("Erase person…", the address typed again), then the
// Privacy screen's ledger and retention (set, previewed, run now), at phone and desktop width;
// axe finds nothing serious, nothing scrolls sideways.
import { describe, expect, it } from 'vitest';
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
import { shot } from './support/browser';
import { seriousAxeViolations } from './support/public';

const suite = useAdminSuite();

describe('erasure and retention', () => {
  it.each([
    { viewport: DESKTOP, name: 'desktop' },
    { viewport: PHONE, name: 'phone' },
  ])(
    'erases a person from the contact page, then sees the ledger and runs retention ($name)',
    async ({ viewport, name }) => {
      const email = `erase-me-${name}@privacy.test`;
      const id = await insertContact(suite, { name: `Ivo Erasable ${name}`, email });
      await insertContact(suite, {
        name: 'Stale Lead',
        email: `stale-${name}@privacy.test`,
        createdAt: new Date(Date.now() - 200 * 86_400_000),
      });
      const p = await adminPage(suite, { viewport });
      try {
        const { page } = p;
        await page.goto(`/admin/contacts/${id}`);
        await page
          .getByRole('heading', { level: 1, name: `Ivo Erasable ${name}` })
          .waitFor(RENDERED);
        await page.getByRole('button', { name: 'Erase person…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Erase This Person?' });
        await dialog.waitFor(RENDERED);
        expect(await dialog.getByLabel('Email address').inputValue()).toBe(email);
        await dialog
          .getByLabel('Reason (kept in the ledger and the audit log)')
          .fill('Asked by email');
        await dialog.getByLabel('Type the address again to confirm').fill('someone@else.test');
        await dialog.getByRole('button', { name: 'Erase Permanently' }).click();
        await dialog.getByText('Type the address exactly as above to confirm').waitFor(RENDERED);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: shot(`admin-erase-dialog-${name}.png`) });
        await dialog.getByLabel('Type the address again to confirm').fill(email.toUpperCase());
        await dialog.getByRole('button', { name: 'Erase Permanently' }).click();
        await expectToast(page, 'Success', 'Erased 1 contact');
        await page.waitForURL('**/admin/contacts');
        await closeToasts(page);
        expect(await suite.sql('select id from contacts where id = $1', [id])).toEqual([]);

        await page.goto('/admin/privacy');
        await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor(RENDERED);
        const ledger = page.getByRole('list', { name: 'Erasure ledger' });
        await ledger
          .getByText(/^By .+: Asked by email$/)
          .first()
          .waitFor(RENDERED);

        const days = page.getByLabel(/Erase unconverted leads untouched for/);
        await days.fill('10');
        await page.getByRole('button', { name: 'Save Retention' }).click();
        await page.getByText(/from 30 to 3650, or null/).waitFor(RENDERED);
        await days.fill('90');
        await page.getByRole('button', { name: 'Save Retention' }).click();
        await expectToast(page, 'Success', 'Retention saved');
        await closeToasts(page);
        await page.getByText(/^Now: 1 contact \(1 address\) untouched since/).waitFor(RENDERED);
        await page.getByRole('button', { name: 'Run Now' }).click();
        await page.getByRole('alertdialog', { name: 'Run retention now?' }).waitFor(RENDERED);
        await page.getByRole('button', { name: 'Erase Now' }).click();
        await expectToast(page, 'Success', 'Erased 1 contact of 1 address');
        await ledger
          .getByText(/Retention/)
          .first()
          .waitFor(RENDERED);
        await page.getByText(/^Now: 0 contacts \(0 addresses\)/).waitFor(RENDERED);
        await closeToasts(page);

        expect(await seriousAxeViolations(page)).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: shot(`admin-privacy-erasures-${name}.png`), fullPage: true });
        expect(unexpectedErrors(p.consoleErrors, [400])).toEqual([]);
      } finally {
        await p.close();
      }
    },
  );
});
