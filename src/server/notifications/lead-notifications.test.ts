import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TNotificationSettings,
  type TOutboxMessage,
} from '../../shared/notifications.schema';
import type { TContact } from '../../shared/contacts.schema';
import { createContact } from '../contacts/contacts.service';
import { BROWSER_HEADERS, relaxContactProtections } from '../form-guard/contact-form-test-support';
import { startSmtpInbox } from '../test/smtp-inbox';
import { TEST_MAIL_FROM } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { queueLeadNotifications } from './lead-notifications.service';

const inbox = await startSmtpInbox();
afterAll(() => inbox.close());
const t = useTestApp({ smtpUrl: inbox.url });
const admin = useSignedIn(t);

const SETTINGS: TNotificationSettings = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  alertRecipients: ['sales@convoza.test', 'owner@convoza.test'],
};

beforeEach(async () => {
  inbox.messages.length = 0;
  await relaxContactProtections(t.db.em());
  await admin.rest('PUT', '/notifications/settings', SETTINGS);
});

const lead = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  phone: '+1 555 0100',
  message: 'We need <b>1,000</b> calls a day & a follow-up.',
};

async function submit(body: object = lead) {
  const res = await fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { contact?: { id: number } } };
}

describe('lead emails', () => {
  it('alert every recipient and auto-reply to the lead, rendered from the templates', async () => {
    const res = await submit();
    expect(res.status).toBe(200);
    const id = res.body.contact!.id;
    const mails = await inbox.waitFor(3);
    const alerts = mails.filter((m) => m.subject?.startsWith('New lead'));
    expect(alerts.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual([
      'owner@convoza.test',
      'sales@convoza.test',
    ]);
    const alert = alerts[0]!;
    expect(alert.subject).toBe('New lead: Ada Lovelace (Analytical Engines)');
    expect(alert.from?.text).toBe(TEST_MAIL_FROM.replace('Convoza <', '"Convoza" <'));
    for (const part of [lead.name, lead.email, lead.company, lead.phone, lead.message, 'website'])
      expect(alert.text).toContain(part);
    expect(alert.text).toContain(`http://convoza.test/admin/contacts?contact=${id}`);
    // The lead's text is escaped in the HTML part, never markup.
    expect(alert.html).toContain('We need &lt;b&gt;1,000&lt;/b&gt; calls a day &amp; a follow-up.');

    const reply = mails.find((m) => m.to && 'text' in m.to && m.to.text === lead.email)!;
    // It says what happens next, and quotes nothing the visitor wrote but their name.
    expect(reply.subject).toBe('Your Convoza strategy call: what happens next');
    expect(reply.text).toMatch(/^Hi Ada Lovelace,/);
    expect(reply.text).toContain('replies within one business hour');
    for (const theirs of [lead.company, lead.phone, lead.email, '1,000'])
      expect(reply.text).not.toContain(theirs);
    expect(reply.html).toContain('<p>Hi Ada Lovelace,</p>');
    expect(reply.html).not.toMatch(/<img/i);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(3);
    for (const m of mails) expect(m.messageId).toMatch(/^<notification-\d+@convoza>$/);
  });

  it('lists each message in the outbox, newest first, over REST and tRPC', async () => {
    await submit();
    await inbox.waitFor(3);
    let rest: TOutboxMessage[] = [];
    for (let i = 0; i < 100; i++) {
      rest = (await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox')).body;
      if (rest.every((m) => m.status === 'sent')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rest).toHaveLength(3);
    expect(rest.map((m) => m.id)).toEqual([...rest.map((m) => m.id)].sort((a, b) => b - a));
    expect(rest[0]).toMatchObject({
      kind: 'auto_reply',
      to: lead.email,
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect(rest.filter((m) => m.kind === 'alert')).toHaveLength(2);
    expect(rest.every((m) => m.sentAt && m.sentAt >= m.createdAt)).toBe(true);
    expect(await admin.trpc.admin.notifications.outbox.query({})).toEqual(rest);
    expect((await admin.rest('GET', '/notifications/outbox?limit=1000')).status).toBe(400);
  });

  it('retry a message the SMTP server refused, with the same Message-ID, and record the error', async () => {
    inbox.refuseNext(1);
    await submit({ ...lead, name: 'Retry Me' });
    const mails = await inbox.waitFor(3, 30_000);
    // The server has the mail a moment before the outbox records it as sent.
    const outbox = await settledOutbox(2);
    const retried = outbox.find((m) => m.attempts === 2);
    expect(retried).toMatchObject({ status: 'sent' });
    expect(retried?.lastError).toBeNull();
    expect(
      mails.filter((m) => m.messageId === `<notification-${retried!.id}@convoza>`),
    ).toHaveLength(1);
  }, 60_000);

  it('send nothing for a submission that rolls back', async () => {
    const em = t.db.em();
    const emailJobs = async () =>
      Number(
        (
          await em.execute<{ n: string }[]>(
            "select count(*) as n from pgboss.job where name = 'email'",
          )
        )[0]?.n,
      );
    const jobsBefore = await emailJobs();
    await expect(
      em.transactional(async (tem) => {
        const contact: TContact = await createContact(tem, { ...lead, source: 'website' });
        await queueLeadNotifications(tem, [contact], t.deps.notifier);
        throw new Error('the rest of the submission failed');
      }),
    ).rejects.toThrow('the rest of the submission failed');
    expect(await emailJobs()).toBe(jobsBefore);
    expect((await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox')).body).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(inbox.messages).toHaveLength(0);
  });
});

/** The outbox once every message has left `queued`. */
async function settledOutbox(count: number): Promise<TOutboxMessage[]> {
  let messages: TOutboxMessage[] = [];
  for (let i = 0; i < 200; i++) {
    messages = (await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox?limit=500')).body;
    if (messages.length >= count && messages.every((m) => m.status !== 'queued')) return messages;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the outbox did not settle: ${JSON.stringify(messages.map((m) => m.status))}`);
}

describe('the auto-reply is no mail relay (attack findings, round 3, item 2)', () => {
  const phishing = {
    name: 'Your account is locked. Reset it now at https://evil.example/reset or call +1 (555) 010-9999',
    email: 'victim@outside.example',
    message: 'Ignore this',
  };

  it('sends one auto-reply per address a day: 38 submissions from 38 networks send one, 37 are held back', async () => {
    await admin.rest('PUT', '/notifications/settings', { ...SETTINGS, alertRecipients: [] });
    for (let i = 0; i < 38; i++) {
      const res = await fetch(`${t.url}/api/contacts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...BROWSER_HEADERS,
          'x-forwarded-for': `203.0.${i}.7`,
        },
        body: JSON.stringify({
          ...phishing,
          email: i % 2 ? 'Victim@Outside.example' : phishing.email,
        }),
      });
      expect(res.status).toBe(200);
    }
    const outbox = await settledOutbox(38);
    expect(outbox.filter((m) => m.status === 'sent')).toHaveLength(1);
    const held = outbox.filter((m) => m.status === 'suppressed');
    expect(held).toHaveLength(37);
    expect(held[0]!.lastError).toBe('An auto-reply went to this address in the last 24 hours');
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.messages).toHaveLength(1);
    // What went out quotes the name without its link and number, cut to 40 characters.
    const [reply] = inbox.messages;
    expect(reply!.subject).toBe('Your Convoza strategy call: what happens next');
    const greeting = /^Hi (.*),$/m.exec(reply!.text ?? '')![1]!;
    expect(greeting.length).toBeLessThanOrEqual(40);
    expect(greeting).toBe('Your account is locked. Reset it now at');
    // The only link in it is ours: the lead's own booking page, which works.
    const bookingUrl =
      /Pick a time for your strategy call: (http:\/\/convoza\.test\/book\/\S+)/.exec(
        reply!.text ?? '',
      )?.[1];
    expect(bookingUrl).toBeDefined();
    expect(reply!.text!.replace(bookingUrl!, '')).not.toMatch(/evil|010-9999|https?:/);
    const token = decodeURIComponent(bookingUrl!.split('/book/')[1]!);
    const slots = await fetch(`${t.url}/api/booking/slots?token=${encodeURIComponent(token)}`);
    expect(slots.status).toBe(200);
    // A held-back message is never sent, not even by hand.
    const retry = await admin.rest<{ message: string }>(
      'POST',
      `/notifications/outbox/${held[0]!.id}/retry`,
    );
    expect(retry.status).toBe(409);
  });

  it('sends at most autoReplyHourlyLimit auto-replies an hour for the whole site', async () => {
    const saved = await admin.rest<TNotificationSettings>('PUT', '/notifications/settings', {
      ...SETTINGS,
      alertRecipients: [],
      autoReplyHourlyLimit: 3,
    });
    expect(saved.body.autoReplyHourlyLimit).toBe(3);
    for (let i = 0; i < 5; i++) await submit({ ...lead, email: `lead${i}@outside.example` });
    const outbox = await settledOutbox(5);
    expect(outbox.filter((m) => m.status === 'sent')).toHaveLength(3);
    const held = outbox.filter((m) => m.status === 'suppressed');
    expect(held.map((m) => m.lastError)).toEqual([
      'The site already sent 3 emails to visitors in the last hour (the hourly limit)',
      'The site already sent 3 emails to visitors in the last hour (the hourly limit)',
    ]);
    expect(inbox.messages).toHaveLength(3);
  });

  it('keeps autoReplyHourlyLimit between 1 and 10,000 (default 100), and a PUT without it keeps it', async () => {
    expect(
      (await admin.rest<TNotificationSettings>('GET', '/notifications/settings')).body,
    ).toMatchObject({
      autoReplyHourlyLimit: 100,
    });
    for (const bad of [0, 10_001, 2.5, 'many']) {
      const res = await admin.rest<{ message: string }>('PUT', '/notifications/settings', {
        ...SETTINGS,
        autoReplyHourlyLimit: bad,
      });
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.body.message).toMatch(/^autoReplyHourlyLimit: /);
    }
    await admin.trpc.admin.notifications.updateSettings.mutate({
      ...SETTINGS,
      autoReplyHourlyLimit: 250,
    });
    const { autoReplyHourlyLimit: _omitted, ...withoutLimit } = SETTINGS;
    const kept = await admin.rest<TNotificationSettings>(
      'PUT',
      '/notifications/settings',
      withoutLimit,
    );
    expect(kept.body.autoReplyHourlyLimit).toBe(250);
  });

  it('refuses an auto-reply template that quotes more than the name, over REST and tRPC', async () => {
    const res = await admin.rest<{ message: string }>('PUT', '/notifications/settings', {
      ...SETTINGS,
      autoReplyBody: 'Hi {{name}}, you wrote: {{message}}',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'autoReplyBody: The auto-reply may only use {{name}}: it goes to any address a visitor types',
    );
    await expect(
      admin.trpc.admin.notifications.updateSettings.mutate({
        ...SETTINGS,
        autoReplySubject: 'About {{company}}',
      }),
    ).rejects.toThrow(/autoReplySubject: The auto-reply may only use \{\{name\}\}/);
  });
});

describe('the new-lead alert', () => {
  it('carries the UTM source and campaign when the lead has them', async () => {
    await admin.rest('PUT', '/notifications/settings', { ...SETTINGS, autoReplyEnabled: false });
    await submit({ ...lead, utmSource: 'linkedin', utmCampaign: 'q4-voice-agents' });
    const [alert] = await inbox.waitFor(2);
    expect(alert!.text).toContain(
      'Source: website · UTM source: linkedin · UTM campaign: q4-voice-agents',
    );
  });
});

describe('retrying a message by hand', () => {
  it('sends a failed message again with its Message-ID, over REST and tRPC, and refuses a sent one', async () => {
    await submit({ ...lead, name: 'Failed Once' });
    await inbox.waitFor(3);
    const outbox = async () =>
      (await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox')).body;
    let messages: TOutboxMessage[] = [];
    for (
      let i = 0;
      i < 100 && !(messages.length === 3 && messages.every((m) => m.status === 'sent'));
      i++
    ) {
      messages = await outbox();
      await new Promise((r) => setTimeout(r, 50));
    }
    const [first, second] = messages;
    await t.db
      .em()
      .execute(
        `update notification_messages set status = 'failed', attempts = 5, last_error = 'boom' where id in (${first!.id}, ${second!.id})`,
      );
    inbox.messages.length = 0;

    const rest = await admin.rest<TOutboxMessage>(
      'POST',
      `/notifications/outbox/${first!.id}/retry`,
    );
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id: first!.id, status: 'queued', lastError: null });
    const viaTrpc = await admin.trpc.admin.notifications.retry.mutate({ id: second!.id });
    expect(viaTrpc).toMatchObject({ id: second!.id, status: 'queued' });
    const resent = await inbox.waitFor(2);
    expect(resent.map((m) => m.messageId).sort()).toEqual(
      [`<notification-${first!.id}@convoza>`, `<notification-${second!.id}@convoza>`].sort(),
    );
    for (let i = 0; i < 100 && (await outbox()).some((m) => m.status !== 'sent'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await outbox()).find((m) => m.id === first!.id)).toMatchObject({
      status: 'sent',
      attempts: 6,
    });

    const again = await admin.rest<{ message: string }>(
      'POST',
      `/notifications/outbox/${first!.id}/retry`,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This message is already sent');
    expect((await admin.rest('POST', '/notifications/outbox/999999/retry')).status).toBe(404);
    expect(
      (await t.anonymous().rest('POST', `/notifications/outbox/${first!.id}/retry`)).status,
    ).toBe(401);
  });
});

describe('notification settings', () => {
  it('round-trip over REST and tRPC, with duplicate recipients merged', async () => {
    const saved = await admin.rest<TNotificationSettings>('PUT', '/notifications/settings', {
      ...SETTINGS,
      alertRecipients: ['a@convoza.test', 'A@convoza.test', 'b@convoza.test'],
      autoReplyEnabled: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.alertRecipients).toEqual(['a@convoza.test', 'b@convoza.test']);
    expect(await admin.trpc.admin.notifications.settings.query()).toEqual(saved.body);
    const viaTrpc = await admin.trpc.admin.notifications.updateSettings.mutate({
      ...saved.body,
      alertSubject: 'Lead {{name}}',
    });
    expect((await admin.rest('GET', '/notifications/settings')).body).toEqual(viaTrpc);
  });

  it('refuse bad input naming the field', async () => {
    const bad = await admin.rest<{ message: string }>('PUT', '/notifications/settings', {
      ...SETTINGS,
      alertRecipients: ['not-an-email'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(
      /alertRecipients\.0: Each recipient must be a valid email address/,
    );
    const empty = await admin.rest<{ message: string }>('PUT', '/notifications/settings', {
      ...SETTINGS,
      alertBody: ' ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/alertBody: Alert body is required/);
  });

  it('are admin-only', async () => {
    expect((await t.anonymous().rest('GET', '/notifications/settings')).status).toBe(401);
    const user = await t.signedIn('user');
    expect((await user.rest('GET', '/notifications/outbox')).status).toBe(403);
  });
});
