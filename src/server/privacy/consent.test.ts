import { beforeEach, describe, expect, it } from 'vitest';
import type { TContact, TContactPage, TFormToken } from '../../shared/contacts.schema';
import type { TCurrentPrivacyNotice } from '../../shared/privacy.schema';
import { FIRST_PRIVACY_NOTICE } from '../../shared/privacy.schema';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { integrationClient } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';

// Consent on record: every contact says which privacy notice version its person was shown, when,
// and whether they asked for product news; the list and the export filter and carry it.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');
beforeEach(() => relaxContactProtections(t.db.em()));

const LEAD = { name: 'Consent Lead', email: 'consent@example.com', message: 'Call me' };
type Submitted = { contact: { id: number } };
type FieldErrors = { data: { fieldErrors: Record<string, string> } };

const submit = (body: object) =>
  t.anonymous().rest<Submitted & FieldErrors>('POST', '/contacts', body);
const contactOf = async (id: number) => (await admin.rest<TContact>('GET', `/contacts/${id}`)).body;

async function apiKey(): Promise<string> {
  return (await admin.trpc.admin.integrationKeys.create.mutate({ name: 'CRM' })).key;
}

describe('consent on the website form (POST /api/contacts)', () => {
  it('records the version shown, the opt-in and the time, over REST and tRPC', async () => {
    const before = Date.now();
    const rest = await submit({ ...LEAD, consent: { noticeVersion: 1, marketingOptIn: true } });
    expect(rest.status).toBe(200);
    const viaRest = await contactOf(rest.body.contact.id);
    expect(viaRest.consent).toEqual({
      noticeVersion: 1,
      marketingOptIn: true,
      givenAt: expect.any(String),
    });
    const givenAt = Date.parse(viaRest.consent.givenAt!);
    expect(givenAt).toBeGreaterThanOrEqual(before - 1000);
    expect(givenAt).toBeLessThanOrEqual(Date.now());

    const viaTrpc = await t
      .anonymous()
      .trpc.public.contact.submit.mutate({ ...LEAD, consent: { marketingOptIn: false } });
    const stored = await admin.trpc.admin.contacts.get.query({ id: viaTrpc.contact!.id });
    expect(stored.consent).toMatchObject({ noticeVersion: 1, marketingOptIn: false });
  });

  it('defaults to the current version and no opt-in, and names the version the form token carries', async () => {
    // A lead before the new version: the current version is now cached, and publishing drops it.
    const before = await submit(LEAD);
    expect((await contactOf(before.body.contact.id)).consent.noticeVersion).toBe(1);
    await admin.rest('POST', '/privacy/notices', { text: 'Second version.' });
    const token = await t.anonymous().rest<TFormToken>('GET', '/contacts/form-token');
    expect(token.body.noticeVersion).toBe(2);
    expect((await t.anonymous().trpc.public.contact.formToken.query()).noticeVersion).toBe(2);

    const res = await submit(LEAD);
    expect((await contactOf(res.body.contact.id)).consent).toMatchObject({
      noticeVersion: 2,
      marketingOptIn: false,
    });
    // A person who saw the first version keeps it.
    const older = await submit({ ...LEAD, consent: { noticeVersion: 1, marketingOptIn: true } });
    expect((await contactOf(older.body.contact.id)).consent.noticeVersion).toBe(1);
  });

  it('refuses a version not published and a malformed consent with 400 naming the field', async () => {
    for (const [consent, field] of [
      [{ noticeVersion: 2 }, 'consent.noticeVersion'],
      [{ noticeVersion: 0 }, 'consent.noticeVersion'],
      [{ noticeVersion: 'one' }, 'consent.noticeVersion'],
      [{ marketingOptIn: 'yes' }, 'consent.marketingOptIn'],
      [{ marketingOptIn: true, givenAt: '2020-01-01' }, 'consent'],
      ['yes', 'consent'],
    ] as const) {
      const res = await submit({ ...LEAD, consent });
      expect(res.status, JSON.stringify(consent)).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors), JSON.stringify(consent)).toEqual([field]);
    }
    await expect(
      t.anonymous().trpc.public.contact.submit.mutate({ ...LEAD, consent: { noticeVersion: 9 } }),
    ).rejects.toMatchObject({
      data: { httpStatus: 400, fieldErrors: { 'consent.noticeVersion': expect.any(String) } },
    });
    const [{ count }] = (await t.db.orm.em
      .getConnection()
      .execute(`select count(*)::int as count from contacts`)) as [{ count: number }];
    expect(count).toBe(0);
  });
});

describe('consent from an integration key and from the team', () => {
  it('an integration may send consent, or gets the current version without opt-in', async () => {
    const key = await apiKey();
    const client = integrationClient(t.url, key);
    const sent = await client.public.contact.submit.mutate({
      ...LEAD,
      consent: { marketingOptIn: true },
    });
    expect((await contactOf(sent.contact!.id)).consent).toMatchObject({
      noticeVersion: 1,
      marketingOptIn: true,
    });
    const res = await fetch(`${t.url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(LEAD),
    });
    const body = (await res.json()) as Submitted;
    expect((await contactOf(body.contact.id)).consent).toMatchObject({
      noticeVersion: 1,
      marketingOptIn: false,
      givenAt: expect.any(String),
    });
  });

  it('a lead the team enters was shown no notice', async () => {
    const manual = await admin.rest<TContact>('POST', '/contacts/manual', {
      name: 'Walk In',
      email: 'walk@in.example',
    });
    expect(manual.body.consent).toEqual({
      noticeVersion: null,
      marketingOptIn: false,
      givenAt: null,
    });
  });
});

describe('the opt-in as a filter and an export column', () => {
  it('marketingOptIn=true|false narrows the list and the export, over both transports', async () => {
    const optedIn = await submit({ ...LEAD, name: 'Yes News', consent: { marketingOptIn: true } });
    await submit({ ...LEAD, name: 'No News' });

    const listed = await admin.rest<TContactPage>('GET', '/contacts/search?marketingOptIn=true');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((c) => c.name)).toEqual(['Yes News']);
    expect(listed.body.total).toBe(1);
    const others = await admin.trpc.admin.contacts.find.query({ marketingOptIn: 'false' });
    expect(others.items.map((c) => c.name)).toEqual(['No News']);

    const csv = await admin.fetch('/api/contacts/export/csv?marketingOptIn=true');
    expect(csv.status).toBe(200);
    const [header, row, end] = (await csv.text()).split('\n');
    const columns = header!.split(',');
    expect(columns.slice(-3)).toEqual(['consentNoticeVersion', 'marketingOptIn', 'consentGivenAt']);
    const cells = row!.split(',');
    expect(cells[0]).toBe(String(optedIn.body.contact.id));
    expect(cells.slice(-3, -1)).toEqual(['1', 'true']);
    expect(cells.at(-1)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(end).toBe('');

    const bad = await admin.rest<FieldErrors>('GET', '/contacts/search?marketingOptIn=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors).toHaveProperty('marketingOptIn');
  });
});

describe('GET /api/privacy/notice (public)', () => {
  it('answers the current version to anyone, over both transports', async () => {
    const first = await t.anonymous().rest<TCurrentPrivacyNotice>('GET', '/privacy/notice');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      version: 1,
      text: FIRST_PRIVACY_NOTICE,
      createdAt: expect.any(String),
    });
    await admin.trpc.admin.privacy.publishNotice.mutate({ text: 'Now version two.' });
    const second = await t.anonymous().trpc.public.privacy.notice.query({});
    expect(second).toMatchObject({ version: 2, text: 'Now version two.' });
    // A consent's version, as it was published.
    const asked = await t
      .anonymous()
      .rest<TCurrentPrivacyNotice>('GET', '/privacy/notice?version=1');
    expect(asked.body).toMatchObject({ version: 1, text: FIRST_PRIVACY_NOTICE });
    expect((await t.anonymous().trpc.public.privacy.notice.query({ version: 2 })).version).toBe(2);
    expect((await t.anonymous().rest('GET', '/privacy/notice?version=3')).status).toBe(404);
    const bad = await t.anonymous().rest<FieldErrors>('GET', '/privacy/notice?version=first');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fieldErrors)).toEqual(['version']);
  });
});
