import { beforeEach, describe, expect, it } from 'vitest';
import type { TPrivacyExport } from '../../shared/privacy.schema';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { expectAdminOnly } from '../test/expect-admin-only';

// A person's data export (POST /api/privacy/exports): everything held about an email address,
// matched in any case, over both transports; an admin's call, audited.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');
beforeEach(() => relaxContactProtections(t.db.em()));

const sql = (query: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute(query, params);

type FieldErrors = { data: { fieldErrors: Record<string, string> } };

/** A lead from the form with a note, a task and a quarantined second submission. */
async function personWithHistory(email: string) {
  const sent = await t.anonymous().rest<{ contact: { id: number } }>('POST', '/contacts', {
    name: 'Quinn Exportable',
    email,
    phone: '+1 555 0199',
    message: 'Please call about outbound.',
    utmSource: 'linkedin',
    landingPage: '/pricing?x=1',
  });
  const id = sent.body.contact.id;
  await admin.rest('POST', `/contacts/${id}/notes`, { body: 'Prefers mornings.' });
  await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'contacted' });
  await sql(
    `insert into quarantined_submissions (reason, payload, source, ip, user_agent, created_at, expires_at)
     values ('suspicious content', ?, 'website', '127.0.0.1', 'test', now(), now() + interval '7 days')`,
    [JSON.stringify({ name: 'Quinn', email: email.toUpperCase(), message: 'again' })],
  );
  return id;
}

describe('POST /api/privacy/exports', () => {
  it('gathers the contacts, timeline, notes, quarantine and first touch of an address, in any case', async () => {
    const id = await personWithHistory('Quinn.Export@Example.com');
    await personWithHistory('someone.else@example.com');

    const res = await admin.fetch('/api/privacy/exports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'QUINN.export@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="privacy-export-\d{4}-\d\d-\d\d\.json"$/,
    );
    const held = (await res.json()) as TPrivacyExport;
    // The sections API clients read: each feature's (their registrations), none lost in a move.
    expect(Object.keys(held).sort()).toEqual(
      [
        'email',
        'exportedAt',
        'contacts',
        'activities',
        'messages',
        'webhookDeliveries',
        'bookings',
        'tasks',
        'serviceInquiries',
        'quarantined',
        'importErrors',
        'auditEntries',
        'firstTouch',
      ].sort(),
    );
    expect(held.email).toBe('quinn.export@example.com');
    expect(held.contacts.map((c) => [c.id, c.name, c.phone, c.status])).toEqual([
      [id, 'Quinn Exportable', '+1 555 0199', 'contacted'],
    ]);
    expect(held.contacts[0]!.consent).toMatchObject({ noticeVersion: 1, marketingOptIn: false });
    const activityTypes = held.activities!.map((a) => a.type);
    expect(activityTypes).toContain('note');
    expect(activityTypes).toContain('status_changed');
    expect(held.activities!.every((a) => a.contact_id === id)).toBe(true);
    expect(JSON.stringify(held.activities)).toContain('Prefers mornings.');
    expect(held.quarantined).toHaveLength(1);
    expect(held.quarantined![0]!.payload).toMatchObject({ email: 'QUINN.EXPORT@EXAMPLE.COM' });
    expect(held.firstTouch).toEqual([
      { contactId: id, source: 'linkedin', campaign: '(none)', landingPage: '/pricing' },
    ]);
    expect(held.auditEntries!.map((e) => e.action)).toContain('update_status');
    expect(JSON.stringify(held)).not.toContain('someone.else');

    // The same over tRPC, and audited as an export about a person.
    const viaTrpc = await admin.trpc.admin.privacy.exportPerson.mutate({
      email: 'quinn.export@example.com',
    });
    expect({ ...viaTrpc, exportedAt: '' }).toEqual({ ...held, exportedAt: '' });
    const audit = await sql(
      `select action, entity_type from audit_log where action = 'export' order by id`,
    );
    expect(audit).toEqual([
      { action: 'export', entity_type: 'person' },
      { action: 'export', entity_type: 'person' },
    ]);
  });

  it('answers empty sections for an address nobody gave', async () => {
    const held = await admin.rest<TPrivacyExport>('POST', '/privacy/exports', {
      email: 'nobody@example.com',
    });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({
      email: 'nobody@example.com',
      contacts: [],
      activities: [],
      messages: [],
      webhookDeliveries: [],
      bookings: [],
      quarantined: [],
      importErrors: [],
      auditEntries: [],
      firstTouch: [],
    });
  });

  it('refuses an invalid or missing address with 400 naming email, and is admin-only', async () => {
    for (const body of [
      { email: 'not-an-address' },
      {},
      { email: '' },
      { email: 'a@b.co', x: 1 },
    ]) {
      const res = await admin.rest<FieldErrors>('POST', '/privacy/exports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const field = 'x' in body ? '_' : 'email';
      expect(Object.keys(res.body.data.fieldErrors), JSON.stringify(body)).toContain(field);
    }
    await expect(
      admin.trpc.admin.privacy.exportPerson.mutate({ email: 'nope' }),
    ).rejects.toMatchObject({
      data: { httpStatus: 400, fieldErrors: { email: expect.any(String) } },
    });
    await expectAdminOnly(t, await t.signedIn('user'), [
      ['POST', '/privacy/exports', { email: 'a@b.co' }],
    ]);
  });
});
