import { beforeEach, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TOutboxMessage,
} from '../../shared/notifications.schema';
import { BROWSER_HEADERS, relaxContactProtections } from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';

// No SMTP_URL: the app runs as before and records what it would have sent.
const t = useTestApp();
const admin = useSignedIn(t);

beforeEach(() => relaxContactProtections(t.db.em()));

it('records lead emails as not_configured without SMTP, and the submission still succeeds', async () => {
  await admin.rest('PUT', '/notifications/settings', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    alertRecipients: ['sales@convoza.test'],
  });
  const res = await fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify({ name: 'Grace', email: 'grace@example.com', message: 'Hello' }),
  });
  expect(res.status).toBe(200);
  const outbox = (await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox')).body;
  expect(outbox.map((m) => [m.kind, m.to, m.status, m.attempts])).toEqual([
    ['auto_reply', 'grace@example.com', 'not_configured', 0],
    ['alert', 'sales@convoza.test', 'not_configured', 0],
  ]);
});

it('refuses a manual retry while email is not configured, saying what to set', async () => {
  await t.db
    .em()
    .execute(
      "insert into notification_messages (kind, \"to\", subject, text, html, status) values ('alert', 'a@convoza.test', 's', 't', 'h', 'not_configured')",
    );
  const [message] = (await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox')).body;
  const res = await admin.rest<{ message: string }>(
    'POST',
    `/notifications/outbox/${message!.id}/retry`,
  );
  expect(res.status).toBe(409);
  expect(res.body.message).toBe('Email is not configured: set SMTP_URL to send messages');
});
