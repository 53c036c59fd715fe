import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TContact, TContactPage } from '../../shared/contacts.schema';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';

// First-touch attribution travels with the lead: submitted with the form (or by an API client),
// shown by the contact list, search and detail, and exported; the first answer is timed.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');
beforeEach(() => relaxContactProtections(t.db.em()));

const form = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Call me' };
const attribution = {
  utmSource: 'linkedin',
  utmMedium: 'paid_social',
  utmCampaign: 'q4-outbound',
  utmTerm: 'ai sdr',
  utmContent: 'video-a',
  referrer: 'https://www.linkedin.com/',
  landingPage: '/services/ai-outbound-calling?utm_source=linkedin',
};

describe('attribution of a lead', () => {
  it('is stored from the form (REST) and shown by the list, search, detail and export', async () => {
    const res = await t.anonymous().rest('POST', '/contacts', { ...form, ...attribution });
    expect(res.status).toBe(200);
    const [listed] = (await admin.rest<TContact[]>('GET', '/contacts')).body;
    expect(listed).toMatchObject({ ...attribution, firstRespondedAt: null });
    const page = await admin.rest<TContactPage>('GET', '/contacts/search?search=ada');
    expect(page.body.items[0]).toMatchObject(attribution);
    expect((await admin.rest<TContact>('GET', `/contacts/${listed!.id}`)).body).toMatchObject(
      attribution,
    );
    const csv = await (await admin.fetch('/api/contacts/export/csv')).text();
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject(attribution);
  });

  it('is stored through tRPC too, and left out it is null', async () => {
    await t.anonymous().trpc.public.contact.submit.mutate({ ...form, utmCampaign: ' spring ' });
    await t.anonymous().trpc.public.contact.submit.mutate({ ...form, email: 'b@example.com' });
    const [plain, tagged] = await admin.trpc.admin.contacts.list.query();
    expect(tagged).toMatchObject({ utmCampaign: 'spring', utmSource: null, landingPage: null });
    expect(plain).toMatchObject({ utmCampaign: null, referrer: null });
  });

  it('answers 400 naming the field when a value is too long, storing nothing', async () => {
    const res = await t
      .anonymous()
      .rest<{ message: string }>('POST', '/contacts', { ...form, utmSource: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('utmSource: Must be at most 200 characters');
    const long = await t.anonymous().rest<{ message: string }>('POST', '/contacts', {
      ...form,
      landingPage: `/${'p'.repeat(2000)}`,
    });
    expect(long.body.message).toBe('landingPage: Must be at most 2000 characters');
    expect((await admin.rest<TContact[]>('GET', '/contacts')).body).toEqual([]);
  });
});

describe('first response time', () => {
  it('is set when the status first moves away from new, and kept after', async () => {
    await t.anonymous().rest('POST', '/contacts', form);
    const [contact] = (await admin.rest<TContact[]>('GET', '/contacts')).body;
    const id = contact!.id;
    const same = await admin.rest<TContact>('PATCH', `/contacts/${id}/status`, { status: 'new' });
    expect(same.body.firstRespondedAt).toBeNull();
    const answered = await admin.rest<TContact>('PATCH', `/contacts/${id}/status`, {
      status: 'contacted',
    });
    expect(answered.body.firstRespondedAt).not.toBeNull();
    const later = await admin.trpc.admin.contacts.updateStatus.mutate({ id, status: 'qualified' });
    expect(later.firstRespondedAt).toBe(answered.body.firstRespondedAt);
  });
});
