// The Notifications screen: the not-configured banner, recipients and templates saved through
// the form (with the shared schema's errors), the live preview, and the outbox.
import { describe, expect, it } from 'vitest';
import {
  adminPage,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { DESKTOP, shot } from './support/browser';

const suite = useAdminSuite();

async function openNotifications(viewport = DESKTOP) {
  const p = await adminPage(suite, { viewport });
  await p.page.goto('/admin/notifications');
  await expect
    .poll(
      () => p.page.getByRole('heading', { level: 1, name: 'Notifications' }).isVisible(),
      RENDERED,
    )
    .toBe(true);
  return p;
}

describe('Notifications screen', () => {
  it('says email is not configured, and saves recipients only when every one is an email', async () => {
    const { page, consoleErrors, close } = await openNotifications();
    await expect
      .poll(() => page.getByLabel('Email status').innerText(), RENDERED)
      .toMatch(/Email is not configured: nothing is being sent\.[\s\S]*SMTP_URL/);
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('link', { name: 'Notifications' })
          .getAttribute('aria-current'),
      )
      .toBe('page');

    const recipients = page.getByLabel('Alert recipients (one email per line)');
    await recipients.fill('sales@convoza.test\nnobody');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(() => page.locator('#alert-recipients-error').innerText())
      .toBe('Not a valid email address: nobody');

    await recipients.fill('sales@convoza.test\nOwner@Convoza.test');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Success', 'Notification settings saved successfully');
    const [row] = await suite.sql<{ alert_recipients: string[] }>(
      'select alert_recipients from notification_settings',
    );
    expect(row?.alert_recipients).toEqual(['sales@convoza.test', 'owner@convoza.test']);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });

  it('previews the templates with a sample lead as they are typed', async () => {
    const { page, close } = await openNotifications();
    await page.getByLabel('New-lead alert: subject').fill('Hot lead: {{name}} from {{company}}');
    await expect
      .poll(() => page.getByRole('region', { name: 'Alert preview' }).innerText())
      .toContain('Hot lead: Jordan Lee from Northwind Dental');
    await page.getByRole('switch', { name: 'Auto-reply to the lead' }).click();
    await expect.poll(() => page.getByText('The auto-reply is off.').isVisible()).toBe(true);
    await close();
  });

  it('lists the outbox with each message’s status, at phone and desktop width', async () => {
    const contactId = await insertContact(suite, {
      name: 'Outbox Lead',
      email: 'lead@example.com',
    });
    await suite.sql(
      `insert into notification_messages (kind, "to", subject, text, html, status, attempts, last_error, contact_id)
       values ('alert', 'sales@convoza.test', 'New lead: Outbox Lead', 't', 'h', 'not_configured', 0, null, $1),
              ('auto_reply', 'lead@example.com', 'Thanks, Outbox Lead', 't', 'h', 'failed', 5, 'connect ECONNREFUSED 127.0.0.1:2525', $1)`,
      [contactId],
    );
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, consoleErrors, close } = await openNotifications(viewport);
      const messages = page.getByTestId('outbox-message');
      await expect.poll(() => messages.count(), RENDERED).toBe(2);
      expect(await messages.nth(0).innerText()).toMatch(
        /Failed[\s\S]*Auto-reply[\s\S]*Thanks, Outbox Lead[\s\S]*To lead@example.com · 5 attempts[\s\S]*Last error: connect ECONNREFUSED/,
      );
      expect(await messages.nth(1).innerText()).toMatch(
        /Not configured[\s\S]*Lead alert[\s\S]*New lead: Outbox Lead/,
      );
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: shot(`admin-notifications-${viewport.width}.png`),
        fullPage: true,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(unexpectedErrors(consoleErrors, [409])).toEqual([]);
      await close();
    }
  });

  it('explains why a retry cannot send while email is not configured', async () => {
    const { page, consoleErrors, close } = await openNotifications();
    const failed = page.getByTestId('outbox-message').filter({ hasText: 'Failed' });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expectToast(
      page,
      'Error',
      'Failed to retry the message: Email is not configured: set SMTP_URL to send messages',
    );
    expect(unexpectedErrors(consoleErrors, [409])).toEqual([]);
    await close();
  });
});
