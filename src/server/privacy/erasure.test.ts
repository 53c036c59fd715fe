import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TErasureLedgerPage, TErasureResult } from '../../shared/privacy.schema';
import type { TWebhookCreated } from '../../shared/webhooks.schema';
import { bookTomorrow } from '../booking/booking-test-support';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { expectAdminOnly } from '../test/expect-admin-only';
import { until } from '../test/until';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { startReceiver } from '../webhooks/test-receiver';
import { reapplyErasures } from './erasure-reapply.service';

// A person, erased (POST /api/privacy/erasures): every copy found by the address, in any case,
// deleted or redacted; the call still ahead called off with the host told; the ledger (table and
// file) holds a keyed hash; contact.erased tells downstream systems; a second erasure does
// nothing. Both transports, bad input, admin-only.
const receiver = await startReceiver();
const t = useTestApp({ webhooks: {} });
const admin = useSignedIn(t, 'admin');

beforeEach(async () => {
  receiver.received.length = 0;
  await relaxContactProtections(t.db.em());
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(query, params);

type FieldErrors = { data: { fieldErrors: Record<string, string> } };

const EMAIL = 'Zora.Erasable@Example.org';

/** A lead from the form, with an edit, a note, a call booked for tomorrow and a quarantined copy. */
async function personWithHistory(
  email = EMAIL,
  name = 'Zora Erasable',
  words = { phone: '+1 555 0142', message: 'Erase me later.', note: 'Met at the fair.' },
) {
  const sent = await t.anonymous().rest<{ contact: { id: number } }>('POST', '/contacts', {
    name,
    email,
    phone: words.phone,
    message: words.message,
  });
  expect(sent.status).toBe(200);
  const id = sent.body.contact.id;
  await admin.rest('PATCH', `/contacts/${id}`, { name: `${name} Jr` });
  await admin.rest('POST', `/contacts/${id}/notes`, { body: words.note });
  await bookTomorrow(t, admin, id);
  await sql(
    `insert into quarantined_submissions (reason, payload, source, ip, user_agent, created_at, expires_at)
     values ('suspicious content', ?, 'website', '127.0.0.1', 'test', now(), now() + interval '7 days')`,
    [JSON.stringify({ name, email: email.toUpperCase(), message: 'again' })],
  );
  return id;
}

/** As a restore from yesterday's backup would hold them: every row about the address is older. */
async function restoredAsOfYesterday() {
  for (const table of ['contacts', 'quarantined_submissions', 'notification_messages'])
    await sql(`update ${table} set created_at = created_at - interval '1 day'`);
}

describe('POST /api/privacy/erasures', () => {
  it('erases every copy of an address, tells the host and downstream systems, and keeps a hash', async () => {
    await admin.rest<TWebhookCreated>('POST', '/webhooks', {
      url: receiver.url,
      events: ['contact.created', 'contact.erased'],
    });
    const id = await personWithHistory();
    const other = await personWithHistory('kept.person@example.org', 'Kept Person', {
      phone: '+1 555 0999',
      message: 'Keep me.',
      note: 'Kept note.',
    });
    await until('two contact.created deliveries', async () =>
      receiver.received.length >= 2 ? true : undefined,
    );
    await admin.rest('POST', '/privacy/exports', { email: EMAIL });

    const res = await admin.rest<TErasureResult>('POST', '/privacy/erasures', {
      email: 'ZORA.erasable@example.ORG',
      reason: 'Asked by email on 27 November',
    });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({
      contacts: 1,
      bookings: 1,
      deliveries: 1,
      quarantined: 1,
      importErrors: 0,
    });
    expect(res.body.counts.activities).toBeGreaterThanOrEqual(2);
    expect(res.body.counts.messages).toBeGreaterThanOrEqual(2);
    expect(res.body.counts.auditEntries).toBeGreaterThanOrEqual(3);
    expect(res.body.counts.jobs).toBeGreaterThanOrEqual(1);

    // Nothing of the person is left in the tables; the other person is untouched.
    const everything = JSON.stringify(
      await Promise.all(
        [
          'contacts',
          'contact_activities',
          'notification_messages',
          'webhook_deliveries',
          'bookings',
          'quarantined_submissions',
          'audit_log',
          'privacy_erasures',
        ].map((table) => sql(`select * from ${table}`)),
      ),
    ).toLowerCase();
    for (const value of ['zora', 'erasable', '555 0142', 'erase me later', 'met at the fair'])
      expect(everything).not.toContain(value);
    expect(everything).toContain('kept.person@example.org');
    expect(await sql('select id from contacts')).toEqual([{ id: other }]);

    // The host is told the call is off, without the person's details; the person is not emailed.
    const notices = await sql<{ to: string; subject: string; text: string; calendar: string }>(
      `select "to", subject, text, calendar from notification_messages where subject like 'Call cancelled (lead''s data erased)%'`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toMatch(/@example\.com$/);
    expect(notices[0]!.text).toContain('the lead asked us to erase their data');
    expect(notices[0]!.calendar).toContain('METHOD:CANCEL');

    // Audit entries about the person keep what was done, with their values [erased].
    const edits = await sql<{ changes: Record<string, unknown> }>(
      `select changes from audit_log where action = 'update' and entity_type = 'contact' and entity_id = ?`,
      [String(id)],
    );
    expect(edits).toEqual([{ changes: { name: { from: '[erased]', to: '[erased]' } } }]);
    const exports = await sql<{ changes: Record<string, unknown> }>(
      `select changes from audit_log where action = 'export'`,
    );
    expect(exports).toEqual([{ changes: { email: { to: '[erased]' } } }]);
    const [erased] = await sql<{ changes: Record<string, { to: unknown }>; actor_id: number }>(
      `select changes, actor_id from audit_log where action = 'erase' and entity_type = 'person'`,
    );
    expect(erased!.actor_id).toBe(admin.userId);
    expect(erased!.changes.reason).toEqual({ to: 'Asked by email on 27 November' });
    expect(erased!.changes.contacts).toEqual({ to: 1 });

    // contact.erased names the ids only.
    const hook = await until('contact.erased', async () =>
      receiver.received.find((r) => r.body.includes('"contact.erased"')),
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'contact.erased',
      data: { contactIds: [id], erasedAt: res.body.erasedAt },
    });

    // The ledger: the table and its file hold a keyed hash, never the address.
    const ledger = await admin.rest<TErasureLedgerPage>('GET', '/privacy/erasures');
    expect(ledger.status).toBe(200);
    expect(ledger.body.items).toHaveLength(1);
    const entry = ledger.body.items[0]!;
    expect(entry).toMatchObject({
      id: res.body.id,
      trigger: 'request',
      actor: { id: admin.userId },
      reason: 'Asked by email on 27 November',
      counts: res.body.counts,
    });
    expect(entry.addressHashes).toEqual([t.deps.privacy.ledger.hash(EMAIL)]);
    expect(entry.addressHashes[0]).toMatch(/^[0-9a-f]{64}$/);
    const file = readFileSync(t.deps.privacy.ledger.path, 'utf8');
    expect(file).toContain(entry.addressHashes[0]);
    expect(file.toLowerCase()).not.toContain('zora');
    expect(await admin.trpc.admin.privacy.erasures.query({})).toEqual(ledger.body);

    // A second erasure, over tRPC, finds nothing and writes nothing new to the ledger.
    const again = await admin.trpc.admin.privacy.erase.mutate({
      email: EMAIL,
      reason: 'Asked twice',
    });
    expect(again).toEqual({
      id: res.body.id,
      erasedAt: res.body.erasedAt,
      counts: Object.fromEntries(Object.keys(res.body.counts).map((k) => [k, 0])),
    });
    expect(
      (await admin.rest<TErasureLedgerPage>('GET', '/privacy/erasures')).body.items,
    ).toHaveLength(1);
  });

  it('after a restore brought the person back, the reapply erases them again, once', async () => {
    await personWithHistory();
    const first = await admin.rest<TErasureResult>('POST', '/privacy/erasures', {
      email: EMAIL,
      reason: 'Asked',
    });
    expect(first.body.counts.contacts).toBe(1);
    // As a restore from a backup taken before the erasure: the person is back, the table's
    // ledger entry is gone, the file still names it.
    await sql('delete from privacy_erasures');
    await personWithHistory();
    await restoredAsOfYesterday();
    expect(await reapplyErasures(t.db.em(), t.deps.privacy)).toMatchObject({
      hashes: 1,
      addresses: 1,
      counts: { contacts: 1, bookings: 1, quarantined: 1 },
    });
    expect(await sql('select id from contacts')).toEqual([]);
    const entries = await sql<{ trigger: string; reason: string }>(
      'select trigger, reason from privacy_erasures',
    );
    // The audit and the new entry name the ledger line carried out.
    const line = `the ledger line of ${first.body.erasedAt}`;
    expect(entries).toEqual([{ trigger: 'reapply', reason: expect.stringContaining(line) }]);
    const [audited] = await sql<{ changes: string }>(
      `select changes::text from audit_log where action = 'erase' order by id desc limit 1`,
    );
    expect(audited!.changes).toContain(line);
    // The next start finds nothing to do.
    expect(await reapplyErasures(t.db.em(), t.deps.privacy)).toMatchObject({ hashes: 0 });
  });

  it('takes the person out of the daily contact counts: no day keeps their campaign code', async () => {
    const personal = 'zora-only-link-7f3a';
    for (const [email, utmCampaign] of [
      [EMAIL, personal],
      ['kept@example.org', 'spring-launch'],
    ] as const)
      expect(
        (
          await t.anonymous().rest('POST', '/contacts', {
            name: 'Lead',
            email,
            message: 'Hello',
            utmSource: 'newsletter',
            utmCampaign,
          })
        ).status,
      ).toBe(200);
    const codes = async () =>
      (
        await sql<{ code: string | null; n: number }>(
          `select utm_campaign as code, sum(delta)::int as n, count(*)::int as rows
             from contact_daily_deltas group by 1 order by 1`,
        )
      ).map((r) => r);
    expect((await codes()).map((r) => r.code)).toEqual(['spring-launch', personal]);
    await admin.trpc.admin.privacy.erase.mutate({ email: EMAIL, reason: 'Asked' });
    expect(await codes()).toEqual([{ code: 'spring-launch', n: 1, rows: 1 }]);
  });

  it('erases again only what was created before the ledger line: a person who came back keeps it', async () => {
    const first = await admin.rest<TErasureResult>('POST', '/privacy/erasures', {
      email: EMAIL,
      reason: 'Asked',
    });
    expect(first.status).toBe(200);
    // A restore brings back a contact from before the erasure; the person also wrote again
    // after it (a new contact, a quarantined submission), and the table's entry is gone.
    await sql('delete from privacy_erasures');
    await personWithHistory();
    await restoredAsOfYesterday();
    const cameBack = await personWithHistory(EMAIL, 'Zora Returns');
    expect(await reapplyErasures(t.db.em(), t.deps.privacy)).toMatchObject({
      addresses: 1,
      counts: { contacts: 1, bookings: 1, quarantined: 1 },
    });
    expect(await sql('select id from contacts')).toEqual([{ id: cameBack }]);
    expect(
      await sql<{ n: number }>('select count(*)::int as n from quarantined_submissions'),
    ).toEqual([{ n: 1 }]);
  });

  it('finds the address as a whole word in free text, never inside another address', async () => {
    const quote = (who: string) =>
      sql(
        `insert into audit_log (at, action, entity_type, entity_id, changes)
         values (now(), 'update', 'contact', '999', ?)`,
        [JSON.stringify({ note: { to: `Forwarded by ${who}.` }, status: { to: 'new' } })],
      );
    await quote('Bob@Example.org');
    await quote('jimbob@example.org');
    await quote('bob@example.org.uk');
    const res = await admin.rest<TErasureResult>('POST', '/privacy/erasures', {
      email: 'bob@example.org',
      reason: 'Asked',
    });
    expect(res.body.counts.auditEntries).toBe(1);
    const notes = await sql<{ changes: Record<string, { to: string }> }>(
      'select changes from audit_log where entity_id = ? order by id',
      ['999'],
    );
    expect(notes.map((n) => [n.changes.note!.to, n.changes.status!.to])).toEqual([
      ['[erased]', 'new'],
      ['Forwarded by jimbob@example.org.', 'new'],
      ['Forwarded by bob@example.org.uk.', 'new'],
    ]);
  });

  it('refuses an invalid address, a missing or long reason with 400 naming the field, and is admin-only', async () => {
    const cases: [object, string][] = [
      [{ email: 'not-an-address', reason: 'x' }, 'email'],
      [{ reason: 'x' }, 'email'],
      [{ email: 'a@b.co' }, 'reason'],
      [{ email: 'a@b.co', reason: '   ' }, 'reason'],
      [{ email: 'a@b.co', reason: 'r'.repeat(501) }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.rest<FieldErrors>('POST', '/privacy/erasures', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors)).toEqual([field]);
    }
    const long = await admin.rest<FieldErrors>('POST', '/privacy/erasures', {
      email: 'a@b.co',
      reason: 'r'.repeat(501),
    });
    expect(long.body.data.fieldErrors.reason).toBe('Must be at most 500 characters');
    await expect(
      admin.trpc.admin.privacy.erase.mutate({ email: 'nope', reason: 'x' }),
    ).rejects.toMatchObject({
      data: { httpStatus: 400, fieldErrors: { email: expect.any(String) } },
    });
    expect((await admin.rest('GET', '/privacy/erasures?limit=0')).status).toBe(400);
    expect(await sql('select id from privacy_erasures')).toEqual([]);
    await expectAdminOnly(t, await t.signedIn('user'), [
      ['POST', '/privacy/erasures', { email: 'a@b.co', reason: 'x' }],
      ['GET', '/privacy/erasures'],
    ]);
  });
});
