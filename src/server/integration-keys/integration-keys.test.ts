import { describe, expect, it } from 'vitest';
import type { TIntegrationKey, TIntegrationKeyCreated } from '../../shared/integration-keys.schema';
import { DEFAULT_SECURITY_SETTINGS } from '../../shared/security.schema';
import { queryRows, withClient } from '../test/pg-admin';
import { integrationClient } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { WRONG_KEYS_PER_HOUR } from './integration-submit.service';
import { SECURITY_FORM_DEFAULTS } from '../test/security-settings-form';

// Integration keys: managed by admins, sent by servers as a Bearer token to submit leads without
// the browser checks (form token, fill time, browser headers); every protection is on here.
const t = useTestApp();
const admin = useSignedIn(t);

const LEAD = { name: 'Api Lead', email: 'lead@example.com', message: 'Please call me back' };

/** POST /api/contacts as a server would send it: JSON, the key, and nothing a browser adds. */
const submitWithKey = (authorization: string, body: object = LEAD) =>
  fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(body),
  });

const createKey = async (name = 'Zapier') =>
  (await admin.rest<TIntegrationKeyCreated>('POST', '/integration-keys', { name })).body;

describe('integration keys over REST', () => {
  it('shows the key once, lists only its prefix and stores only its hash', async () => {
    const created = await admin.rest<TIntegrationKeyCreated>('POST', '/integration-keys', {
      name: '  HubSpot sync ',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'HubSpot sync' });
    expect(created.body.key).toMatch(/^cvz_live_[A-Za-z0-9_-]{43}$/);

    const list = await admin.rest<TIntegrationKey[]>('GET', '/integration-keys');
    expect(list.body).toEqual([
      {
        id: created.body.id,
        name: 'HubSpot sync',
        prefix: created.body.key.slice(0, 13),
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    const rows = await queryRows(t.db.url, 'select * from integration_keys');
    expect(JSON.stringify(rows)).not.toContain(created.body.key);
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 naming the field for a blank name, 404 for an unknown key', async () => {
    const blank = await admin.rest<{ message: string }>('POST', '/integration-keys', { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('name: Name is required');
    const gone = await admin.rest<{ message: string }>('DELETE', '/integration-keys/999');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Integration key 999 was not found');
  });

  it('are admin-only: 401 anonymous, 403 for a non-admin', async () => {
    const key = await createKey();
    const user = await t.signedIn('user');
    for (const [method, path, body] of [
      ['GET', '/integration-keys', undefined],
      ['POST', '/integration-keys', { name: 'x' }],
      ['DELETE', `/integration-keys/${key.id}`, undefined],
    ] as const) {
      expect((await t.anonymous().rest(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await user.rest(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await admin.rest<TIntegrationKey[]>('GET', '/integration-keys')).body).toHaveLength(1);
  });
});

describe('integration keys over tRPC', () => {
  it('create, list and delete', async () => {
    const created = await admin.trpc.admin.integrationKeys.create.mutate({ name: 'Make' });
    expect(created.key.startsWith('cvz_live_')).toBe(true);
    const list = await admin.trpc.admin.integrationKeys.list.query();
    expect(list.map((k) => k.name)).toEqual(['Make']);
    await admin.trpc.admin.integrationKeys.delete.mutate({ id: created.id });
    expect(await admin.trpc.admin.integrationKeys.list.query()).toEqual([]);
    const user = await t.signedIn('user');
    await expect(user.trpc.admin.integrationKeys.list.query()).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
  });
});

describe('POST /api/contacts with an integration key', () => {
  it('stores the lead with source api, without form token, browser headers or fill time', async () => {
    const { key } = await createKey();
    const res = await submitWithKey(`Bearer ${key}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { contact: { id: number; source: string } };
    expect(body).toMatchObject({ success: true, contact: { source: 'api', status: 'new' } });
    const contact = await admin.rest<{ name: string; source: string }>(
      'GET',
      `/contacts/${body.contact.id}`,
    );
    expect(contact.body).toMatchObject({ name: 'Api Lead', source: 'api' });
    const [listed] = (await admin.rest<TIntegrationKey[]>('GET', '/integration-keys')).body;
    expect(listed?.lastUsedAt).not.toBeNull();
    // Without the key the same request is a bot to the browser checks.
    const browserless = await fetch(`${t.url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LEAD),
    });
    expect(browserless.status).toBe(403);
  });

  it('works over tRPC too, the key in the Authorization header', async () => {
    const { key } = await createKey();
    const client = integrationClient(t.url, key);
    const answer = await client.public.contact.submit.mutate(LEAD);
    expect(answer.contact).toMatchObject({ source: 'api' });
  });

  it('answers 401 for a wrong, malformed or revoked key, storing nothing', async () => {
    const { id, key } = await createKey();
    const wrong = `cvz_live_${'A'.repeat(43)}`;
    for (const authorization of [`Bearer ${wrong}`, 'Bearer nope', `Basic ${key}`, 'Bearer']) {
      const res = await submitWithKey(authorization);
      expect(res.status, authorization).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /^Invalid or revoked integration key/,
      );
    }
    await admin.rest('DELETE', `/integration-keys/${id}`);
    expect((await submitWithKey(`Bearer ${key}`)).status).toBe(401);
    expect(await queryRows(t.db.url, 'select id from contacts')).toEqual([]);
  });

  it('refuses a network that guessed 20 wrong keys in an hour (429, even with a right key)', async () => {
    const { key } = await createKey();
    for (let i = 0; i < WRONG_KEYS_PER_HOUR; i++)
      expect((await submitWithKey(`Bearer cvz_live_${String(i).padStart(43, 'B')}`)).status).toBe(
        401,
      );
    const refused = await submitWithKey(`Bearer ${key}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many wrong integration keys from your network: at most 20 per hour\./,
    );
    const guessed = await admin.rest<{ items: { type: string; details: string }[] }>(
      'GET',
      '/security/events?type=verification_failed',
    );
    expect(guessed.body.items[0]?.details).toBe('Wrong integration key (20 within an hour)');
    expect(await queryRows(t.db.url, 'select id from contacts')).toEqual([]);
  });

  it('still applies the content filter: the lead waits in quarantine, answered as accepted without a contact', async () => {
    const { key } = await createKey();
    const res = await submitWithKey(`Bearer ${key}`, {
      ...LEAD,
      message: 'casino bonus, buy now at our online pharmacy www.a.com www.b.com www.c.com',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; contact?: unknown };
    expect(body.success).toBe(true);
    expect(body.contact).toBeUndefined();
    expect(await queryRows(t.db.url, 'select id from contacts')).toEqual([]);
    expect(await queryRows(t.db.url, 'select source from quarantined_submissions')).toEqual([
      { source: 'api' },
    ]);
  });

  it('limits each key per hour (a Security Center setting) with 429 and Retry-After', async () => {
    await admin.rest('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      integrationKeyHourlyLimit: 3,
    });
    const first = await createKey('first');
    const second = await createKey('second');
    for (let i = 0; i < 3; i++)
      expect((await submitWithKey(`Bearer ${first.key}`)).status, `lead ${i + 1}`).toBe(200);
    const limited = await submitWithKey(`Bearer ${first.key}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^Too many submissions with this integration key: at most 3 per hour/,
    );
    // Another key has its own budget.
    expect((await submitWithKey(`Bearer ${second.key}`)).status).toBe(200);
  });

  it('keeps the limit when an older client saves the settings without it', async () => {
    await admin.rest('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      integrationKeyHourlyLimit: 250,
    });
    const saved = await admin.rest('PUT', '/security/settings', SECURITY_FORM_DEFAULTS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ integrationKeyHourlyLimit: 250 });
    const bad = await admin.rest<{ message: string }>('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      integrationKeyHourlyLimit: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'integrationKeyHourlyLimit: Integration key hourly limit must be between 1 and 100000',
    );
  });

  it('stores a burst in shared transactions: each lead once, each answered and audited as its own', async () => {
    await admin.rest('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      integrationKeyHourlyLimit: 100,
    });
    const { key } = await createKey('burst');
    const send = (i: number, body: object) =>
      fetch(`${t.url}/api/contacts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'user-agent': `burst-client/${i}`,
        },
        body: JSON.stringify(body),
      });
    const lead = (i: number) => ({ ...LEAD, name: `Burst ${i}`, email: `burst${i}@example.com` });
    // 30 at once, one of them naming a privacy notice that does not exist: its own 400, the
    // others stored. The first transaction is held up a moment (contacts locked against
    // inserts), so the rest gather behind it however fast this machine is.
    const answers = await withClient(t.db.url, async (client) => {
      await client.query('begin');
      await client.query('lock table contacts in share row exclusive mode');
      const sent = Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send(i, i === 7 ? { ...lead(i), consent: { noticeVersion: 99 } } : lead(i)),
        ),
      );
      await new Promise((r) => setTimeout(r, 1_000));
      await client.query('commit');
      return sent;
    });
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(29);
    expect(statuses[7]).toBe(400);
    expect(await answers[7]!.json()).toMatchObject({
      message: expect.stringMatching(/^There is no privacy notice version 99/),
      data: { fieldErrors: { 'consent.noticeVersion': expect.any(String) } },
    });

    const stored = await queryRows<{ name: string; user_agent: string; tx: string }>(
      t.db.url,
      `select c.name, a.user_agent, c.xmin::text as tx
         from contacts c
         join audit_log a on a.entity_type = 'contact' and a.entity_id = c.id::text and a.action = 'create'
        where c.email like 'burst%' order by c.id`,
    );
    expect(stored).toHaveLength(29);
    expect(new Set(stored.map((r) => r.name)).size).toBe(29);
    // Each entry names the request that sent its lead, although leads shared a transaction.
    for (const row of stored)
      expect(row.user_agent).toBe(`burst-client/${row.name.replace('Burst ', '')}`);
    // The first alone, the rest together (the refused one refused alone, the batch unharmed).
    expect(new Set(stored.map((r) => r.tx)).size).toBeLessThanOrEqual(3);
    // Their emails were written with them, one alert-less auto-reply each.
    const replies = await queryRows(
      t.db.url,
      "select 1 from notification_messages where kind = 'auto_reply' and \"to\" like 'burst%'",
    );
    expect(replies).toHaveLength(29);
  });
});
