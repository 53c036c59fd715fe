// An instance stopped by SIGTERM (a deploy, a scale-down) while it serves a slow upload and sends
// a batch of lead emails through a slow relay: readiness turns 503 at once, the upload in flight
// completes, the process exits 0, and after a restart every email has arrived exactly once.
import { request } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../src/shared/security.schema';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../src/shared/notifications.schema';
import type { TImportJob } from '../src/shared/contact-import.schema';
import { BROWSER_HEADERS } from '../src/server/form-guard/contact-form-test-support';
import { startSmtpInbox, type SmtpInbox } from '../src/server/test/smtp-inbox';
import { dropDatabase } from '../src/server/test/pg-admin';
import { adminCookie, startAppServer, type AppServer } from './support/app-server';
import { until } from '../src/server/test/until';

let app: AppServer | undefined;
let inbox: SmtpInbox | undefined;
let databaseName: string | undefined;
afterAll(async () => {
  await app?.crash();
  await inbox?.close();
  if (databaseName) await dropDatabase(databaseName);
});

const LEADS = 6;
const ROWS = 2000;

/** POSTs a CSV import whose body arrives in parts, `gapMs` apart: a slow request in flight. */
function slowUpload(url: string, cookie: string, parts: string[], gapMs: number) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request(`${url}/api/contacts/import?mode=skip_invalid`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/csv' },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    const send = (i: number) => {
      if (i === parts.length) return void req.end();
      req.write(parts[i]);
      setTimeout(() => send(i + 1), gapMs);
    };
    send(0);
  });
}

it('drains on SIGTERM: readiness 503 at once, the slow request completes, exit 0, every email once', async () => {
  inbox = await startSmtpInbox(0, { acceptAfterMs: 1500 });
  const env = {
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Convoza <hello@convoza.test>',
    SHUTDOWN_DELAY_SECONDS: '1',
    SHUTDOWN_GRACE_SECONDS: '20',
  };
  app = await startAppServer({ env });
  databaseName = app.databaseName;
  const cookie = await adminCookie(app.url);
  const put = (path: string, body: unknown) =>
    fetch(`${app!.url}/api${path}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await put('/security/settings', {
    ...DEFAULT_SECURITY_SETTINGS,
    botDetectionEnabled: false,
    maxSubmissionsPerHour: 100,
  });
  await put('/notifications/settings', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    alertRecipients: ['sales@convoza.test'],
  });
  // Each lead queues an alert and an auto-reply: 12 emails through a relay that takes 1.5 s each.
  for (let i = 0; i < LEADS; i++) {
    const res = await fetch(`${app.url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
      body: JSON.stringify({ name: `Drain ${i}`, email: `drain${i}@example.com`, message: 'Hi' }),
    });
    expect(res.status).toBe(200);
  }
  expect((await fetch(`${app.url}/api/health/ready`)).status).toBe(200);

  const lines = ['name,email'];
  for (let i = 0; i < ROWS; i++) lines.push(`Row ${i},row${i}@drain.test`);
  const csv = `${lines.join('\n')}\n`;
  const quarter = Math.ceil(csv.length / 4);
  const parts = [0, 1, 2, 3].map((i) => csv.slice(i * quarter, (i + 1) * quarter));
  const upload = slowUpload(app.url, cookie, parts, 700);
  await new Promise((r) => setTimeout(r, 300));

  // The emails are still going out when the instance is told to stop.
  const sentAtSigterm = inbox.messages.length;
  expect(sentAtSigterm).toBeLessThan(LEADS * 2);
  const exitCode = app.terminate();
  // At once: not ready (the load balancer stops sending), yet still alive and serving.
  const ready = await until('readiness to answer 503', async () => {
    const res = await fetch(`${app!.url}/api/health/ready`);
    return res.status === 503 ? ((await res.json()) as { status: string }) : undefined;
  });
  expect(ready.status).toBe('draining');
  expect((await fetch(`${app.url}/api/health`)).status).toBe(200);

  const uploaded = await upload;
  expect(uploaded.status).toBe(202);
  expect(await exitCode).toBe(0);
  const sentBeforeRestart = inbox.messages.length;

  // The same database, a new instance: what was not sent yet is sent now, nothing twice.
  app = await startAppServer({ env: { ...env, SHUTDOWN_DELAY_SECONDS: '0' }, databaseName });
  await inbox.waitFor(LEADS * 2, 60_000);
  await new Promise((r) => setTimeout(r, 1500));
  const ids = inbox.messages.map((m) => m.messageId);
  expect(ids).toHaveLength(LEADS * 2);
  expect(new Set(ids).size).toBe(LEADS * 2);
  console.info(
    `emails sent: ${sentAtSigterm} at SIGTERM, ${sentBeforeRestart} when the drain ended, of ${LEADS * 2}`,
  );

  const { jobId } = JSON.parse(uploaded.body) as { jobId: string };
  const newCookie = await adminCookie(app.url);
  const finished = await until('the import to finish', async () => {
    const res = await fetch(`${app!.url}/api/contacts/imports/${jobId}`, {
      headers: { cookie: newCookie },
    });
    const job = (await res.json()) as TImportJob;
    return job.status === 'done' || job.status === 'failed' ? job : undefined;
  });
  expect(finished).toMatchObject({ status: 'done' });
}, 120_000);
