// A lead who phoned in is added by hand, then its email corrected from its details; the
// timeline shows the correction before and after. At 1280 and 375 px.
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, screenshotAndAxe } from './support/public';
import {
  adminPage,
  cardMenu,
  closeToasts,
  expectToast,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();

describe('contacts entered and corrected by hand', () => {
  it('adds a contact who phoned in (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/contacts');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect.poll(() => dialog.getByText('Name is required').isVisible()).toBe(true);
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill('grace@navy.test');
    await dialog.getByLabel('Company').fill('US Navy');
    await dialog.getByLabel('Phone').fill('+1 555 0199');
    await dialog.getByLabel('Notes from the conversation').fill('Wants a demo next week.');
    await dialog.screenshot({ path: shot('contact-add-desktop.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expectToast(page, 'Success', 'Contact created successfully');
    await closeToasts(page);
    const card = page.getByTestId('contact-card').first();
    await expect.poll(() => card.getByText('Grace Hopper').isVisible(), RENDERED).toBe(true);
    await cardMenu(page, 'Actions for Grace Hopper', 'View Details');
    await expect
      .poll(() => page.getByText('Contact added by hand').isVisible(), RENDERED)
      .toBe(true);
    expect(await suite.sql(`select name, email, source from contacts`)).toEqual([
      { name: 'Grace Hopper', email: 'grace@navy.test', source: 'manual' },
    ]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('corrects its email from the details and shows the change on the timeline (phone)', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const { page } = p;
    await page.goto('/admin/contacts');
    await cardMenu(page, 'Actions for Grace Hopper', 'View Details');
    const details = page.getByRole('dialog', { name: 'Contact Details' });
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    const email = edit.getByLabel('Email');
    await email.fill('grace.hopper@navy');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => edit.getByText('Please enter a valid email address').isVisible())
      .toBe(true);
    await email.fill('grace.hopper@navy.test');
    await edit.screenshot({ path: shot('contact-edit-phone.png') });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Contact updated successfully');
    await closeToasts(page);
    await expect.poll(() => edit.count(), RENDERED).toBe(0);
    await expect
      .poll(() => details.getByText('grace.hopper@navy.test').first().isVisible(), RENDERED)
      .toBe(true);
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect
      .poll(() => activity.getByText('e2e-admin corrected the contact').isVisible(), RENDERED)
      .toBe(true);
    const [entry] = await activity.getByRole('listitem').allInnerTexts();
    expect(entry).toContain('grace@navy.test');
    expect(entry).toContain('grace.hopper@navy.test');
    await activity.scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(page, 'contact-edited-phone.png')).toEqual([]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});
