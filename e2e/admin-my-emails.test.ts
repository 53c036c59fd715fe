// A user turns their own task reminders off on the Account page, at 375 px, and sees the choice
// kept after a reload; at 1280 px the card sits with the other account settings.
import { describe, expect, it } from 'vitest';
import { screenshotAndAxe } from './support/public';
import {
  adminPage,
  DESKTOP,
  expectToast,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();

describe('my emails', () => {
  it('turns task reminders off and keeps the choice (phone), and shows the card (desktop)', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const { page } = p;
    await page.goto('/admin/account');
    const reminders = page.getByRole('switch', { name: 'Task reminders' });
    await expect.poll(() => reminders.getAttribute('aria-checked'), RENDERED).toBe('true');
    await reminders.click();
    await expectToast(page, 'Success', 'Your email choices are saved');
    expect(
      await suite.sql(`select new_lead_email, task_reminder_email from notification_preferences`),
    ).toEqual([{ new_lead_email: true, task_reminder_email: false }]);
    await page.reload();
    await expect
      .poll(
        () => page.getByRole('switch', { name: 'Task reminders' }).getAttribute('aria-checked'),
        RENDERED,
      )
      .toBe('false');
    await page.getByRole('heading', { name: 'My Emails' }).scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(page, 'account-my-emails-phone.png', { fullPage: true })).toEqual(
      [],
    );
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();

    const d = await adminPage(suite, { viewport: DESKTOP });
    await d.page.goto('/admin/account');
    const card = d.page.getByRole('heading', { name: 'My Emails' });
    await expect.poll(() => card.isVisible(), RENDERED).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await d.page.screenshot({ path: shot('account-my-emails-desktop.png') });
    expect(unexpectedErrors(d.consoleErrors)).toEqual([]);
    await d.close();
  });
});
