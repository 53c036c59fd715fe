// Durability of lead emails across a crash: the app is killed (SIGKILL) after it stored a
// submission and before the email went out; after a restart the alert arrives exactly once.
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../src/shared/security.schema';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TOutboxMessage,
} from '../src/shared/notifications.schema';
import { freePort } from '../src/server/free-port';
import { BROWSER_HEADERS } from '../src/server/test/contact-form-support';
import { startSmtpInbox, type SmtpInbox } from '../src/server/test/smtp-inbox';
import { dropDatabase } from '../src/server/test/pg-admin';
import { adminApi, startAppServer, type AppServer } from './support/app-server';
import { until } from '../src/server/test/until';

let app: AppServer | undefined;
let inbox: SmtpInbox | undefined;
let databaseName: string | undefined;
afterAll(async () => {
  await app?.crash();
  await inbox?.close();
  if (databaseName) await dropDatabase(databaseName);
});

it('delivers a lead alert exactly once after the app was killed before sending it', async () => {
  // The SMTP server is down at first: the app stores the lead, tries, fails and is then killed.
  const smtpPort = await freePort();
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Convoza <hello@convoza.test>',
  };
  app = await startAppServer({ env });
  databaseName = app.databaseName;
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
  await app.crash();

  // Mail is back, and so is the app, on the same database.
  inbox = await startSmtpInbox(smtpPort);
  app = await startAppServer({ env, databaseName });
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
