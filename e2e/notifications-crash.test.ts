// Durability of lead emails across a crash: the app is killed (SIGKILL) after it stored a
// submission and before the email went out; after a restart the alert arrives exactly once.
import { expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../src/shared/security.schema';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TOutboxMessage,
} from '../src/shared/notifications.schema';
import { BROWSER_HEADERS } from '../src/server/test/contact-form-support';
import { adminApi } from './support/app-server';
import { useMailCrashDrill } from './support/mail-crash';
import { until } from '../src/server/test/until';

const drill = useMailCrashDrill();

it('delivers a lead alert exactly once after the app was killed before sending it', async () => {
  // The SMTP server is down at first: the app stores the lead, tries, fails and is then killed.
  let app = await drill.start();
  let api = await adminApi(app.url);
  await api('PUT', '/security/settings', {
    ...DEFAULT_SECURITY_SETTINGS,
    botDetectionEnabled: false,
  });
  await api('PUT', '/notifications/settings', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    alertRecipients: ['sales@convoza.test'],
    autoReplyEnabled: false,
  });
  const submitted = await fetch(`${app.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify({ name: 'Crash Test', email: 'crash@example.com', message: 'Call me' }),
  });
  expect(submitted.status).toBe(200);
  const failedOnce = await until('a failed first attempt', async () => {
    const outbox = (await (await api('GET', '/notifications/outbox')).json()) as TOutboxMessage[];
    return outbox[0]?.lastError ? outbox[0] : undefined;
  });
  expect(failedOnce).toMatchObject({ status: 'queued', attempts: 1 });
  const recovered = await drill.crashAndRecover();
  app = recovered.app;
  const { inbox } = recovered;
  const [alert] = await inbox.waitFor(1, 60_000);
  expect(alert?.subject).toBe('New lead: Crash Test (-)');
  expect(alert?.messageId).toBe(`<notification-${failedOnce.id}@convoza>`);
  // Nothing else arrives: not a second copy from a retry nor from the restarted worker.
  await new Promise((r) => setTimeout(r, 3000));
  expect(inbox.messages).toHaveLength(1);
  api = await adminApi(app.url);
  const outbox = (await (await api('GET', '/notifications/outbox')).json()) as TOutboxMessage[];
  expect(outbox).toEqual([
    expect.objectContaining({ id: failedOnce.id, status: 'sent', attempts: 2 }),
  ]);
}, 120_000);
