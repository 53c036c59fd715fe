// Quarantine instead of loss: content only the filter objects to is kept (the visitor hears the
// usual thanks), listed, released as a normal lead with its emails, or deleted; it expires.
import { beforeEach, describe, expect, it } from 'vitest';
import type { TContact } from '../../shared/contacts.schema';
import type { TQuarantinedSubmission, TQuarantinePage } from '../../shared/quarantine.schema';
import { runMaintenance } from '../db/maintenance';
import { maintenanceTasks } from '../features';
import {
  backdatedFormToken,
  BROWSER_HEADERS,
  relaxContactProtections,
} from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');
beforeEach(() => relaxContactProtections(t.db.em(), { suspiciousContentFiltering: true }));

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(text, params);

const spam = {
  name: 'Sam Spammer',
  email: 'sam@spam.test',
  message: 'We offer SEO services to get you on the first page of Google.',
  utmSource: 'newsletter',
};

async function submit(body: object) {
  const res = await fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function quarantined(): Promise<TQuarantinedSubmission[]> {
  const res = await admin.rest<TQuarantinePage>('GET', '/quarantine');
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(res.body.items.length);
  return res.body.items;
}

describe('what goes to quarantine', () => {
  it('keeps spam-looking content, answering the visitor as for an accepted lead', async () => {
    const res = await submit(spam);
    expect(res).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
    expect(await sql('select id from contacts')).toEqual([]);
    const [held] = await quarantined();
    expect(held).toMatchObject({
      reason: expect.stringMatching(/^Spam phrase/),
      name: 'Sam Spammer',
      email: 'sam@spam.test',
      message: spam.message,
      source: 'website',
      ip: '127.0.0.1',
    });
    expect(new Date(held!.expiresAt).getTime() - new Date(held!.createdAt).getTime()).toBe(
      30 * 86_400_000,
    );
    expect(await admin.trpc.admin.quarantine.list.query({})).toEqual({
      items: [held],
      nextCursor: null,
      total: 1,
    });
  });

  // What the rate limit keeps and refuses: rate-limit.test.ts.
  it('does not keep what the honeypot or a forged token refuse', async () => {
    await submit({ ...spam, website: 'http://bot.example' });
    await relaxContactProtections(t.db.em(), {
      suspiciousContentFiltering: true,
      botDetectionEnabled: true,
    });
    expect((await submit({ ...spam, formToken: 'forged.token' })).status).toBe(400);
    expect(await quarantined()).toEqual([]);
  });

  it('spends the form token, so a quarantined form cannot be replayed', async () => {
    await relaxContactProtections(t.db.em(), {
      suspiciousContentFiltering: true,
      botDetectionEnabled: true,
    });
    const formToken = await backdatedFormToken(t.db.em());
    expect((await submit({ ...spam, formToken })).status).toBe(200);
    expect((await submit({ ...spam, formToken })).status).toBe(400);
    expect(await quarantined()).toHaveLength(1);
  });
});

describe('release and delete', () => {
  it('releases over REST: a new website contact with its attribution and lead email; twice is 404', async () => {
    await submit(spam);
    const [held] = await quarantined();
    const res = await admin.rest<TContact>('POST', `/quarantine/${held!.id}/release`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Sam Spammer',
      source: 'website',
      status: 'new',
      utmSource: 'newsletter',
    });
    expect(
      await sql('select kind from notification_messages where contact_id = ?', [res.body.id]),
    ).toEqual([{ kind: 'auto_reply' }]);
    expect(await quarantined()).toEqual([]);
    expect((await admin.rest('POST', `/quarantine/${held!.id}/release`)).status).toBe(404);
  });

  it('offers the lead the booking link it would have had: the release sends the auto-reply with it', async () => {
    await submit(spam);
    const [held] = await quarantined();
    const released = await admin.rest<TContact>('POST', `/quarantine/${held!.id}/release`);
    const [reply] = await sql<{ text: string; to: string }>(
      'select text, "to" from notification_messages where kind = \'auto_reply\' and contact_id = ?',
      [released.body.id],
    );
    expect(reply?.to).toBe('sam@spam.test');
    expect(reply?.text).toMatch(/Pick a time for your strategy call: http:\/\/\S+\/book\/[\w.-]+/);
  });

  it('releases through tRPC and deletes over REST and tRPC', async () => {
    await submit(spam);
    await submit({ ...spam, email: 'two@spam.test' });
    await submit({ ...spam, email: 'three@spam.test' });
    const [a, b, c] = await quarantined();
    const contact = await admin.trpc.admin.quarantine.release.mutate({ id: a!.id });
    expect(contact.email).toBe(a!.email);
    expect((await admin.rest('DELETE', `/quarantine/${b!.id}`)).status).toBe(200);
    expect((await admin.rest('DELETE', `/quarantine/${b!.id}`)).status).toBe(404);
    await admin.trpc.admin.quarantine.delete.mutate({ id: c!.id });
    expect(await quarantined()).toEqual([]);
    expect((await sql('select email from contacts')).map((r) => r.email)).toEqual([a!.email]);
  });

  it('expires after 30 days: not listed, not releasable, pruned by the maintenance job', async () => {
    await submit(spam);
    await sql(`update quarantined_submissions set expires_at = now() - interval '1 minute'`);
    expect(await quarantined()).toEqual([]);
    const [row] = await sql<{ id: number }>('select id from quarantined_submissions');
    expect((await admin.rest('POST', `/quarantine/${row!.id}/release`)).status).toBe(404);
    expect((await runMaintenance(t.db.em(), maintenanceTasks, t.deps)).quarantine).toBe(1);
  });

  it('is for admins: 401 anonymous, 403 for a user; 400 for a bad id', async () => {
    expect((await t.anonymous().rest('GET', '/quarantine')).status).toBe(401);
    const user = await t.signedIn('user');
    expect((await user.rest('GET', '/quarantine')).status).toBe(403);
    expect((await user.rest('POST', '/quarantine/1/release')).status).toBe(403);
    expect((await admin.rest('DELETE', '/quarantine/abc')).status).toBe(400);
  });
});

describe('paging (attack findings round 3, item 7)', () => {
  /** Stores `n` held submissions with this reason straight away (the filter is tested above). */
  async function hold(n: number, reason: string, email = 'bulk@spam.test') {
    await sql(
      `insert into quarantined_submissions (reason, payload, source, created_at, expires_at)
       select ?, json_build_object('name', 'Spam ' || i, 'email', ?, 'message', 'spam'), 'website',
              now(), now() + interval '30 days'
         from generate_series(1, ?) as i`,
      [reason, email, n],
    );
  }

  it('keeps a real lead reachable behind 210 spam submissions: pages of { items, nextCursor, total }, newest first', async () => {
    await hold(1, 'Gibberish text (40% of words)', 'real.lead@customer.example');
    await hold(210, 'Spam phrase: "casino"');
    const seen: TQuarantinedSubmission[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: TQuarantinePage } = await admin.rest<TQuarantinePage>(
        'GET',
        `/quarantine?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(211);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(211);
    expect(seen.map((s) => s.id)).toEqual([...seen.map((s) => s.id)].sort((a, b) => b - a));
    expect(seen[210]!.email).toBe('real.lead@customer.example');
  });

  it('filters by reason (any case, part of it, % and _ taken literally), over REST and tRPC', async () => {
    await hold(1, 'Gibberish text (40% of words)', 'real.lead@customer.example');
    await hold(30, 'Spam phrase: "casino"');
    const rest = await admin.rest<TQuarantinePage>('GET', '/quarantine?reason=GIBBERISH&limit=5');
    expect(rest.body.total).toBe(1);
    expect(rest.body.items.map((i) => i.email)).toEqual(['real.lead@customer.example']);
    const viaTrpc = await admin.trpc.admin.quarantine.list.query({ reason: 'casino', limit: 10 });
    expect(viaTrpc.total).toBe(30);
    expect(viaTrpc.items).toHaveLength(10);
    expect(viaTrpc.nextCursor).not.toBeNull();
    expect((await admin.rest<TQuarantinePage>('GET', '/quarantine?reason=40%25')).body.total).toBe(
      1,
    );
    expect((await admin.rest<TQuarantinePage>('GET', '/quarantine?reason=%25')).body.total).toBe(1);
    expect((await admin.rest<TQuarantinePage>('GET', '/quarantine?reason=_')).body.total).toBe(0);
    for (const bad of ['limit=0', 'limit=201', 'cursor=abc'])
      expect((await admin.rest('GET', `/quarantine?${bad}`)).status).toBe(400);
  });
});

describe('the daily digest', () => {
  const digests = () =>
    sql<{ to: string; subject: string; text: string }>(
      'select "to", subject, text from notification_messages where kind = \'quarantine_digest\' order by id',
    );
  const maintain = (now = new Date()) =>
    runMaintenance(t.db.em(), maintenanceTasks, t.deps, undefined, now);

  it('emails the alert recipients once a day while submissions wait, and not otherwise', async () => {
    // Nothing waits: no digest.
    expect((await maintain()).quarantineDigest).toBe(0);
    await submit(spam);
    // Something waits but nobody receives alerts: none either.
    expect((await maintain()).quarantineDigest).toBe(0);
    const settings = await admin.rest<Record<string, unknown>>('GET', '/notifications/settings');
    await admin.rest('PUT', '/notifications/settings', {
      ...settings.body,
      alertRecipients: ['sales@convoza.test', 'ops@convoza.test'],
    });
    await submit({ ...spam, name: 'Real Lead', email: 'real@lead.test' });
    expect((await maintain()).quarantineDigest).toBe(2);
    const [first] = await digests();
    expect(first).toMatchObject({
      to: 'sales@convoza.test',
      subject: '2 submissions wait in quarantine',
    });
    expect(first!.text).toContain('- Real Lead <real@lead.test>');
    expect(first!.text).toContain('/admin/security');
    // The same day: no second digest.
    expect((await maintain()).quarantineDigest).toBe(0);
    // A day later, still waiting: the next one.
    expect((await maintain(new Date(Date.now() + 25 * 3600_000))).quarantineDigest).toBe(2);
    expect(await digests()).toHaveLength(4);
  });
});
