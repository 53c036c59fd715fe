// Durability of lead emails across a crash: the app is killed (SIGKILL) after it stored a
// submission, before the email went out or while it was being sent; after a restart, or from a
// second instance that kept running, the alert arrives exactly once.
import { expect, it } from 'vitest';
import type { TOutboxMessage } from '../src/shared/notifications.schema';
import { until } from '../src/server/test/until';
import type { SmtpInbox } from '../src/server/test/smtp-inbox';
import { adminApi, type AppServer } from './support/app-server';
import { alertSalesOnly, allowScriptedLeads, sendContactForm } from './support/leads';
import { useMailCrashDrill, type MailCrashDrill } from './support/mail-crash';

const beforeSending = useMailCrashDrill();
const whileSending = useMailCrashDrill();
const withSurvivor = useMailCrashDrill();

/** Alerts go to sales, no auto-reply; then a visitor sends the contact form. */
async function submitLead(app: AppServer) {
  const api = await adminApi(app.url);
  await allowScriptedLeads(api);
  await alertSalesOnly(api);
  expect((await sendContactForm(app.url)).status).toBe(200);
  return api;
}

async function outboxOf(app: AppServer): Promise<TOutboxMessage[]> {
  const api = await adminApi(app.url);
  return (await (await api('GET', '/notifications/outbox')).json()) as TOutboxMessage[];
}

/** The alert arrived, and nothing else does: not a second copy from a retry or another worker. */
async function expectOneAlert(inbox: SmtpInbox) {
  const [alert] = await inbox.waitFor(1, 60_000);
  expect(alert?.subject).toBe('New lead: Crash Test (-)');
  await new Promise((r) => setTimeout(r, 3000));
  expect(inbox.messages).toHaveLength(1);
  return alert!;
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
  const alert = await expectOneAlert(recovered.inbox);
  expect(alert.messageId).toBe(`<notification-${failedOnce.id}@convoza>`);
  expect(await outboxOf(recovered.app)).toEqual([
    expect.objectContaining({ id: failedOnce.id, status: 'sent', attempts: 2 }),
  ]);
}, 120_000);

/**
 * The mail server takes the connection and never answers: the send is under way, its job claimed
 * by the instance that is then killed. `recover` must not wait for that claim to expire
 * (minutes) before the alert goes out.
 */
async function killWhileSending(
  drill: MailCrashDrill,
  recover: () => Promise<{ app: AppServer; inbox: SmtpInbox }>,
) {
  const app = await drill.start();
  const { connected } = await drill.holdSends();
  await submitLead(app);
  await connected;
  const recovered = await recover();
  await expectOneAlert(recovered.inbox);
  expect(await outboxOf(recovered.app)).toEqual([
    expect.objectContaining({ status: 'sent', attempts: 1 }),
  ]);
}

it('delivers a lead alert exactly once after the app was killed while sending it', async () => {
  await killWhileSending(whileSending, () => whileSending.crashAndRecover());
}, 120_000);

it('a second instance sends the lead alert a killed instance was sending, once', async () => {
  // Two instances on one database, as in production: the other takes the job over, no restart.
  await killWhileSending(withSurvivor, () => withSurvivor.crashWithSurvivor());
}, 120_000);
