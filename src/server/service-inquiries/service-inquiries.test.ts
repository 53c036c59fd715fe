import { describe, expect, it } from 'vitest';
import type { TContact } from '../../shared/contacts.schema';
import type { TServiceInquiry } from '../../shared/service-inquiries.schema';
import { createContact } from '../contacts/contacts.service';
import { actorFor } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import type { RestErrorBody } from '../test/rest-error-body';
import { expectAdminOnly, type RestCall } from '../test/expect-admin-only';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

/** Stored directly: the public form's bot protections are tested elsewhere. */
function contact(name = 'Maya Patel'): Promise<TContact> {
  return createContact(t.db.em(), {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@clinic.com`,
    message: 'Call me',
    company: null,
    phone: null,
  });
}

const inquiry = {
  serviceType: 'ai_inbound',
  estimatedVolume: '1,200 calls / month',
  timeline: '2 weeks',
  budget: '$5k',
  notes: 'After-hours booking',
};

describe('service inquiries: create', () => {
  it('records an inquiry for a contact over REST with priority medium by default', async () => {
    const c = await contact();
    const res = await admin.rest<TServiceInquiry>('POST', '/service-inquiries', {
      contactId: c.id,
      ...inquiry,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contactId: c.id, priority: 'medium', ...inquiry });
    expect(res.body.createdAt).toBe(new Date(res.body.createdAt).toISOString());
  });

  it('records through tRPC and createCaller, optional fields becoming null', async () => {
    const c = await contact();
    const viaTrpc = await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: c.id,
      serviceType: 'ai_outbound',
      priority: 'high',
    });
    expect(viaTrpc).toMatchObject({
      priority: 'high',
      estimatedVolume: null,
      timeline: null,
      budget: null,
      notes: null,
    });
    const viaCaller = await t
      .caller(actorFor(admin.userId))
      .admin.serviceInquiries.create({ contactId: c.id, serviceType: 'custom_type', notes: '' });
    expect(viaCaller).toMatchObject({
      serviceType: 'custom_type',
      priority: 'medium',
      notes: null,
    });
  });

  it('answers 400 naming contactId when the contact does not exist, on both transports', async () => {
    const res = await admin.rest<RestErrorBody>('POST', '/service-inquiries', {
      contactId: 999999,
      ...inquiry,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^contactId: /);
    await expect(
      t
        .caller(actorFor(admin.userId))
        .admin.serviceInquiries.create({ contactId: 999999, serviceType: 'ai_inbound' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^contactId: /),
    });
  });

  it('answers 400 naming the field for a missing contactId, bad service type or priority', async () => {
    const c = await contact();
    const cases: [object, string, string][] = [
      [{ contactId: undefined }, 'contactId', 'Must be a positive whole number'],
      [{ contactId: 'abc' }, 'contactId', 'Must be a positive whole number'],
      [{ contactId: 99999999999 }, 'contactId', 'Must be a positive whole number'],
      [{ serviceType: '' }, 'serviceType', 'Service type is required'],
      [
        { serviceType: 'AI Outbound!' },
        'serviceType',
        'Service type must be lowercase letters, digits and underscores',
      ],
      [{ priority: 'urgent' }, 'priority', 'Priority must be one of: high, medium, low'],
      [{ notes: 'a\u0000b' }, 'notes', 'Must not contain NUL characters'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await admin.rest<RestErrorBody>('POST', '/service-inquiries', {
        contactId: c.id,
        ...inquiry,
        ...patch,
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.data?.fieldErrors?.[field], JSON.stringify(patch)).toBe(message);
    }
    expect(await admin.trpc.admin.serviceInquiries.list.query()).toEqual([]);
  });
});

describe('service inquiries: list, update and removal with the contact', () => {
  it('lists newest first on REST and tRPC', async () => {
    const c = await contact();
    const first = await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: c.id,
      serviceType: 'ai_inbound',
    });
    const second = await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: c.id,
      serviceType: 'ai_messaging',
    });
    const rest = await admin.rest<TServiceInquiry[]>('GET', '/service-inquiries');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual([second, first]);
    expect(await t.caller(actorFor(admin.userId)).admin.serviceInquiries.list()).toEqual([
      second,
      first,
    ]);
  });

  it('updates priority and details, leaves unmentioned fields alone, 404s an unknown id', async () => {
    const c = await contact();
    const created = await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: c.id,
      ...inquiry,
    });
    const res = await admin.rest<TServiceInquiry>('PATCH', `/service-inquiries/${created.id}`, {
      priority: 'low',
      notes: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, priority: 'low', notes: null });
    const viaTrpc = await admin.trpc.admin.serviceInquiries.update.mutate({
      id: created.id,
      budget: '$9k',
    });
    expect(viaTrpc).toMatchObject({ priority: 'low', budget: '$9k', timeline: '2 weeks' });
    expect(
      (
        await admin.rest<RestErrorBody>('PATCH', `/service-inquiries/${created.id}`, {
          priority: 'urgent',
        })
      ).status,
    ).toBe(400);
    expect(
      (await admin.rest('PATCH', '/service-inquiries/777777', { priority: 'low' })).status,
    ).toBe(404);
  });

  it('removes a contact’s inquiries when the contact is deleted, and keeps other contacts’ ones', async () => {
    const maya = await contact('Maya Patel');
    const jonas = await contact('Jonas Weber');
    await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: maya.id,
      serviceType: 'ai_inbound',
    });
    await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: maya.id,
      serviceType: 'ai_outbound',
    });
    const kept = await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: jonas.id,
      serviceType: 'ai_messaging',
    });
    expect((await admin.rest('DELETE', `/contacts/${maya.id}`)).status).toBe(200);
    expect(await admin.trpc.admin.serviceInquiries.list.query()).toEqual([kept]);
    await admin.rest('DELETE', '/contacts/bulk/all');
    expect((await admin.rest<TServiceInquiry[]>('GET', '/service-inquiries')).body).toEqual([]);
  });

  it('refuses anonymous callers with 401 and non-admins with 403', async () => {
    const c = await contact();
    const created = await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: c.id,
      serviceType: 'ai_inbound',
    });
    const user = await t.signedIn('user');
    const calls: RestCall[] = [
      ['GET', '/service-inquiries'],
      ['POST', '/service-inquiries', { contactId: c.id, serviceType: 'ai_inbound' }],
      ['PATCH', `/service-inquiries/${created.id}`, { priority: 'high' }],
    ];
    await expectAdminOnly(t, user, calls);
    await expect(t.caller(null).admin.serviceInquiries.list()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      t.caller(actorFor(user.userId, 'user')).admin.serviceInquiries.list(),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await admin.trpc.admin.serviceInquiries.list.query()).toEqual([created]);
  });
});
