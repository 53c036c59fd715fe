// Durability of lead emails across a crash: the app is killed (SIGKILL) after it stored a
// submission, before the email went out or while it was being sent; after a restart, or from a
// second instance that kept running, the alert arrives exactly once.
import { expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../src/shared/security.schema';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TOutboxMessage,
} from '../src/shared/notifications.schema';
import { BROWSER_HEADERS } from '../src/server/test/contact-form-support';
import { adminApi, type AppServer } from './support/app-server';
import { useMailCrashDrill } from './support/mail-crash';
import { until } from '../src/server/test/until';

const beforeSending = useMailCrashDrill();
const whileSending = useMailCrashDrill();
const withSurvivor = useMailCrashDrill();

/** Alerts go to sales, no auto-reply; then a visitor sends the contact form. */
async function submitLead(app: AppServer) {
  const api = await adminApi(app.url);
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
  return api;
}

async function outboxOf(app: AppServer): Promise<TOutboxMessage[]> {
  const api = await adminApi(app.url);
  return (await (await api('GET', '/notifications/outbox')).json()) as TOutboxMessage[];
}

it('delivers a lead alert exactly once after the app was killed before sending it', async () => {
  // The SMTP server is down at first: the app stores the lead, tries, fails and is then killed.
  const app = await beforeSending.start();
  const api = await submitLead(app);
  const failedOnce = await until('a failed first attempt', async () => {
    const outbox = (await (await api('GET', '/notifications/outbox')).json()) as TOutboxMessage[];
    return outbox[0]?.lastError ? outbox[0] : undefined;
  });
  expect(failedOnce).toMatchObject({ status: 'queued', attempts: 1 });
  const recovered = await beforeSending.crashAndRecover();
  const { inbox } = recovered;
  const [alert] = await inbox.waitFor(1, 60_000);
  expect(alert?.subject).toBe('New lead: Crash Test (-)');
  expect(alert?.messageId).toBe(`<notification-${failedOnce.id}@convoza>`);
  // Nothing else arrives: not a second copy from a retry nor from the restarted worker.
  await new Promise((r) => setTimeout(r, 3000));
  expect(inbox.messages).toHaveLength(1);
  expect(await outboxOf(recovered.app)).toEqual([
    expect.objectContaining({ id: failedOnce.id, status: 'sent', attempts: 2 }),
  ]);
}, 120_000);

it('delivers a lead alert exactly once after the app was killed while sending it', async () => {
  // The mail server takes the connection and never answers: the send is under way, its job
  // claimed by the instance that is then killed. The restarted app must not wait for that
  // claim to expire (minutes) before it sends again.
  const app = await whileSending.start();
  const { connected } = await whileSending.holdSends();
  await submitLead(app);
  await connected;
  const recovered = await whileSending.crashAndRecover();
  const { inbox } = recovered;
  const [alert] = await inbox.waitFor(1, 60_000);
  expect(alert?.subject).toBe('New lead: Crash Test (-)');
  await new Promise((r) => setTimeout(r, 3000));
  expect(inbox.messages).toHaveLength(1);
  expect(await outboxOf(recovered.app)).toEqual([
    expect.objectContaining({ status: 'sent', attempts: 1 }),
  ]);
}, 120_000);

it('a second instance sends the lead alert a killed instance was sending, once', async () => {
  // Two instances on one database, as in production: the one that claimed the send is killed,
  // and the other takes the job over without any restart.
  const app = await withSurvivor.start();
  const { connected } = await withSurvivor.holdSends();
  await submitLead(app);
  await connected;
  const { app: survivor, inbox } = await withSurvivor.crashWithSurvivor();
  const [alert] = await inbox.waitFor(1, 60_000);
  expect(alert?.subject).toBe('New lead: Crash Test (-)');
  await new Promise((r) => setTimeout(r, 3000));
  expect(inbox.messages).toHaveLength(1);
  expect(await outboxOf(survivor)).toEqual([
    expect.objectContaining({ status: 'sent', attempts: 1 }),
  ]);
}, 120_000);
