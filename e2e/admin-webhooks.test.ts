// The Webhooks screen: add an endpoint (its secret shown once), see it listed, switch it off and
// on, and watch a real delivery to a receiver on 127.0.0.1 appear after a form submission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/server/test/pg-admin';
import { DEFAULT_SECURITY_SETTINGS } from '../src/shared/security.schema';
import { startReceiver, verifyStandardWebhook } from '../src/server/webhooks/test-receiver';
import {
  adminPage,
  expectToast,
  PHONE,
  RENDERED,
  unexpectedErrors,
  type AdminSuite,
} from './support/admin';
import { startAppServer } from './support/app-server';
import { DESKTOP, launchBrowser, shot } from './support/browser';

const receiver = await startReceiver();
let suite: AdminSuite;
beforeAll(async () => {
  // The receiver is on loopback, so this server lets webhooks reach private networks.
  const [server, browser] = await Promise.all([
    startAppServer({
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1', WEBHOOK_RETRY_DELAYS: '1' },
    }),
    launchBrowser(),
  ]);
  suite = {
    server,
    browser,
    sql: (text, params) => queryRows(server.databaseUrl, text, params),
    stop: async () => {
      await browser.close();
      await server.stop();
    },
  };
});
afterAll(async () => {
  await suite?.stop();
  await receiver.close();
});

async function openWebhooks(viewport = DESKTOP) {
  const p = await adminPage(suite, { viewport });
  await p.page.goto('/admin/webhooks');
  await expect
    .poll(() => p.page.getByRole('heading', { level: 1, name: 'Webhooks' }).isVisible(), RENDERED)
    .toBe(true);
  return p;
}

let secret = '';

describe('Webhooks screen', () => {
  it('adds an endpoint and shows its secret once, then lists it without the secret (phone)', async () => {
    const { page, context, consoleErrors, close } = await openWebhooks(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await expect.poll(() => page.getByText('No Endpoints Yet').isVisible(), RENDERED).toBe(true);

    await page.getByRole('button', { name: 'Add Endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
    await dialog.getByLabel('Endpoint URL').fill('ftp://example.com/in');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => dialog.locator('#webhook-url-error').innerText())
      .toBe('Must be an http:// or https:// URL');
    await page.screenshot({ path: shot('admin-webhooks-form-375.png') });

    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByRole('checkbox', { name: /contact\.status_changed/ }).check();
    await dialog.getByLabel('Description (optional)').fill('CRM sync');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    const shown = page.getByRole('dialog', { name: 'Endpoint added' });
    secret = await shown.getByTestId('webhook-secret').innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await shown.getByRole('note').innerText()).toContain('you will not see it again');
    // Let the dialog's fade-in finish, so the picture shows it as the admin reads it.
    await shown.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    await page.screenshot({ path: shot('admin-webhooks-secret-375.png') });
    await shown.getByRole('button', { name: 'Copy the signing secret' }).click();
    await expect
      .poll(() => shown.getByRole('button', { name: 'Copy the signing secret' }).innerText())
      .toContain('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();

    const card = page.getByTestId('webhook-card');
    await expect.poll(() => card.count(), RENDERED).toBe(1);
    expect(await card.innerText()).toMatch(
      /127\.0\.0\.1[\s\S]*CRM sync[\s\S]*contact\.created[\s\S]*contact\.status_changed[\s\S]*Enabled/,
    );
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByTestId('webhooks-total').innerText()).toBe('Total: 1 endpoint');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    await close();
  });

  it('switches the endpoint off and on', async () => {
    const { page, close } = await openWebhooks();
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('link', { name: 'Webhooks' })
          .getAttribute('aria-current'),
      )
      .toBe('page');
    const toggle = page.getByRole('switch', { name: `Send events to ${receiver.url}` });
    await toggle.click();
    await expectToast(page, 'Success', 'Endpoint saved (disabled)');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    const [row] = await suite.sql<{ enabled: boolean }>('select enabled from webhook_endpoints');
    expect(row?.enabled).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await close();
  });

  it('shows the delivery of a form submission, at phone and desktop width', async () => {
    const { context, close } = await openWebhooks();
    const relaxed = await context.request.put('/api/security/settings', {
      data: {
        ...DEFAULT_SECURITY_SETTINGS,
        rateLimitEnabled: false,
        botDetectionEnabled: false,
        suspiciousContentFiltering: false,
      },
    });
    expect(relaxed.status()).toBe(200);
    receiver.answer(500); // the first attempt fails, the retry 1 s later succeeds
    const submitted = await context.request.post('/api/contacts', {
      data: {
        name: 'Hook Lead',
        email: 'hook@example.com',
        message: 'Call me about 300 calls a day.',
      },
    });
    expect(submitted.status()).toBe(200);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(verifyStandardWebhook(secret, second!)).toBe(true);
    expect(JSON.parse(second!.body)).toMatchObject({
      type: 'contact.created',
      data: { contact: { name: 'Hook Lead', email: 'hook@example.com', status: 'new' } },
    });
    await close();
    // One that used up its retries, to show the error and the Retry button.
    await suite.sql(
      `insert into webhook_deliveries (endpoint_id, message_id, event, payload, status, attempts, response_status, duration_ms, last_error)
       select id, 'msg_e2e_failed', 'contact.status_changed', '{"type":"contact.status_changed"}', 'failed', 6, 503, 87, 'HTTP 503: Service Unavailable'
       from webhook_endpoints`,
    );

    for (const viewport of [PHONE, DESKTOP]) {
      const { page: p, consoleErrors, close: closePage } = await openWebhooks(viewport);
      await p.getByRole('button', { name: 'Deliveries' }).click();
      const rows = p.getByTestId('webhook-delivery');
      await expect.poll(() => rows.count(), RENDERED).toBe(2);
      expect(await rows.nth(0).innerText()).toMatch(
        /contact\.status_changed[\s\S]*Failed[\s\S]*HTTP 503: Service Unavailable[\s\S]*6[\s\S]*503[\s\S]*87 ms[\s\S]*Retry/,
      );
      expect(await rows.nth(1).innerText()).toMatch(
        /contact\.created[\s\S]*Succeeded[\s\S]*2[\s\S]*200[\s\S]*\d+ ms/,
      );
      await p.waitForLoadState('networkidle');
      await p.screenshot({
        path: shot(`admin-webhooks-${viewport.width}.png`),
        fullPage: true,
      });
      const overflow = await p.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
      if (viewport === DESKTOP) {
        // The sidebar counts it beside Webhooks, until it is sent again.
        const webhooksLink = p.getByRole('link', { name: /^Webhooks/ });
        await expect.poll(() => webhooksLink.innerText(), RENDERED).toMatch(/1\s*failed delivery/);
        await rows.nth(0).getByRole('button', { name: 'Retry' }).click();
        await expectToast(p, 'Success', 'The delivery is queued to be sent again');
        await expect.poll(() => webhooksLink.innerText(), RENDERED).toBe('Webhooks');
        await expect
          .poll(() => rows.nth(0).innerText(), RENDERED)
          .toMatch(/Succeeded[\s\S]*7[\s\S]*200/);
        expect(receiver.received.at(-1)?.headers['webhook-id']).toBe('msg_e2e_failed');
      }
      await closePage();
    }
  });

  it('deletes the endpoint after a confirmation naming it', async () => {
    const { page, close } = await openWebhooks();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete endpoint?' });
    expect(await confirm.innerText()).toContain(receiver.url);
    await confirm.getByRole('button', { name: 'Delete Endpoint' }).click();
    await expectToast(page, 'Success', 'Endpoint deleted');
    await expect.poll(() => page.getByText('No Endpoints Yet').isVisible(), RENDERED).toBe(true);
    await close();
  });
});
