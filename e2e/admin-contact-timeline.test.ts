// A contact's activity in its details: a status change appears with who made it, a note is
// added (and refused when blank), then deleted after confirmation; at 1280 and 375 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, screenshotAndAxe } from './support/public';
import {
  adminPage,
  cardMenu,
  closeToasts,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();
beforeAll(async () => {
  await insertContact(suite, {
    name: 'Maya Patel',
    email: 'maya@northwind.test',
    source: 'website',
  });
});

describe('contact activity', () => {
  it('shows a status change, adds a note and refuses a blank one (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/contacts');
    const card = page.getByTestId('contact-card').first();
    await card.getByRole('button', { name: 'Contacted' }).click();
    await expectToast(page, 'Success', 'Contact status updated successfully');
    await closeToasts(page);
    await cardMenu(page, 'Actions for Maya Patel', 'View Details');
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect
      .poll(() => activity.getByText('e2e-admin changed the status').isVisible(), RENDERED)
      .toBe(true);
    await expect
      .poll(() => activity.getByText('Contact created from website').isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect.poll(() => page.getByText('Note is required').isVisible()).toBe(true);
    await page
      .getByRole('textbox', { name: 'Add a note' })
      .fill('Called: wants a demo.\nFollow up Friday.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expectToast(page, 'Success', 'Note added');
    await closeToasts(page);
    await expect
      .poll(() => activity.getByText('Called: wants a demo.').isVisible(), RENDERED)
      .toBe(true);
    const items = await activity.getByRole('listitem').allInnerTexts();
    expect(items[0]).toContain('e2e-admin added a note');
    expect(await suite.sql(`select data from contact_activities where type = 'note'`)).toEqual([
      { data: { body: 'Called: wants a demo.\nFollow up Friday.' } },
    ]);
    await page.getByRole('dialog').screenshot({ path: shot('contact-timeline-desktop.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('deletes the note after confirmation (phone)', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const { page } = p;
    await page.goto('/admin/contacts');
    await cardMenu(page, 'Actions for Maya Patel', 'View Details');
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect
      .poll(() => activity.getByText('Called: wants a demo.').isVisible(), RENDERED)
      .toBe(true);
    expect(await screenshotAndAxe(page, 'contact-timeline-phone.png')).toEqual([]);
    await activity.getByRole('button', { name: 'Delete note' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete note' }).click();
    await expectToast(page, 'Success', 'Note deleted');
    await expect.poll(() => activity.getByText('Called: wants a demo.').count(), RENDERED).toBe(0);
    expect(await suite.sql(`select id from contact_activities where type = 'note'`)).toEqual([]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});
