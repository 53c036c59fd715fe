// Contacts the team enters by hand (POST /contacts/manual) and corrects (PATCH /contacts/{id}),
// over REST and tRPC: what is stored, what the timeline and the audit say, who is told.
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAuditPage } from '../../shared/audit.schema';
import type { TContactActivity } from '../../shared/contact-activity.schema';
import type { TContact } from '../../shared/contacts.schema';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../shared/notifications.schema';
import type { RestErrorBody } from '../test/rest-error-body';
import { useMailTestApp, useSignedIn } from '../test/use-test-app';
import { startReceiver } from '../webhooks/test-receiver';

const receiver = await startReceiver();
const { inbox, t } = await useMailTestApp({ webhooks: {} });
const admin = useSignedIn(t, 'admin');

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(text, params);

beforeEach(async () => {
  receiver.reset();
  await admin.rest('PUT', '/notifications/settings', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    alertRecipients: ['sales@convoza.test'],
  });
});

const phoned = {
  name: 'Grace Hopper',
  email: 'grace@navy.example',
  company: 'US Navy',
  phone: '+1 555 0199',
  message: 'Called about outbound calling; wants a demo next week.',
};

const timeline = async (id: number) =>
  (await admin.rest<TContactActivity[]>('GET', `/contacts/${id}/activity`)).body;

describe('POST /api/contacts/manual', () => {
  it('answers 201 with the contact (source manual), alerts the team, sends the webhook and no auto-reply', async () => {
    const hook = await admin.rest('POST', '/webhooks', {
      url: receiver.url,
      events: ['contact.created'],
    });
    expect(hook.status).toBe(200);
    const res = await admin.rest<TContact>('POST', '/contacts/manual', phoned);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...phoned, source: 'manual', status: 'new', ownerId: null });

    const [delivered] = await receiver.waitFor(1);
    expect(JSON.parse(delivered!.body)).toMatchObject({
      type: 'contact.created',
      data: { contact: { id: res.body.id, email: phoned.email, source: 'manual' } },
    });
    const [alert] = await inbox.waitFor(1);
    expect(alert!.subject).toContain('Grace Hopper');
    const outbox = await sql<{ kind: string; to: string }>(
      'select kind, "to" from notification_messages where contact_id = ?',
      [res.body.id],
    );
    expect(outbox).toEqual([{ kind: 'alert', to: 'sales@convoza.test' }]);
    expect(inbox.messages.some((m) => JSON.stringify(m.to).includes(phoned.email))).toBe(false);

    const creates = (
      await admin.rest<TAuditPage>('GET', '/audit-log?entityType=contact&action=create')
    ).body.items;
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({
      actor: { id: admin.userId },
      entityId: String(res.body.id),
      changes: { source: { to: 'manual' } },
    });
  });

  it('keeps the owner given (no round-robin) over tRPC, and routes a lead given none', async () => {
    const rep = await t.signedIn('admin');
    expect((await admin.rest('PUT', '/lead-routing', { userIds: [rep.userId] })).status).toBe(200);
    const owned = await admin.trpc.admin.contacts.createManual.mutate({
      ...phoned,
      ownerId: admin.userId,
    });
    expect(owned).toMatchObject({ source: 'manual', ownerId: admin.userId });
    const routed = await admin.trpc.admin.contacts.createManual.mutate({
      name: 'Alan Turing',
      email: 'alan@example.com',
    });
    expect((await admin.trpc.admin.contacts.get.query({ id: routed.id })).ownerId).toBe(rep.userId);
    expect(routed).toMatchObject({ company: null, phone: null, message: null });
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const cases: [object, string][] = [
      [{ email: 'a@b.co' }, 'name'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A', email: 'a@b.co', ownerId: 999999 }, 'ownerId'],
      [{ name: 'A', email: 'a@b.co', company: 'x'.repeat(201) }, 'company'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.rest<RestErrorBody>('POST', '/contacts/manual', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data?.fieldErrors?.[field], JSON.stringify(res.body)).toBeTruthy();
    }
    const unknown = await admin.rest<RestErrorBody>('POST', '/contacts/manual', {
      name: 'A',
      email: 'a@b.co',
      status: 'converted',
    });
    expect(unknown.status).toBe(400);
    await expect(
      admin.trpc.admin.contacts.createManual.mutate({ name: '', email: 'a@b.co' }),
    ).rejects.toThrow(/Name is required/);
    expect(await sql('select id from contacts')).toEqual([]);
  });

  it('is for signed-in admins only', async () => {
    expect((await t.anonymous().rest('POST', '/contacts/manual', phoned)).status).toBe(401);
    const user = await t.signedIn('user');
    expect((await user.rest('POST', '/contacts/manual', phoned)).status).toBe(403);
  });
});

describe('PATCH /api/contacts/{id}', () => {
  const create = async () => (await admin.rest<TContact>('POST', '/contacts/manual', phoned)).body;

  it('changes only the fields sent, files one timeline entry with before and after, and an audit entry', async () => {
    const contact = await create();
    const res = await admin.rest<TContact>('PATCH', `/contacts/${contact.id}`, {
      email: 'Grace.Hopper@Navy.example',
      phone: '',
      company: 'US Navy',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace.hopper@navy.example',
      company: 'US Navy',
      phone: null,
      message: phoned.message,
    });
    expect((await admin.rest<TContact>('GET', `/contacts/${contact.id}`)).body).toEqual(res.body);
    const [latest] = await timeline(contact.id);
    expect(latest).toMatchObject({
      type: 'fields_changed',
      actor: { id: admin.userId },
      data: {
        changes: [
          { field: 'email', from: 'grace@navy.example', to: 'grace.hopper@navy.example' },
          { field: 'phone', from: '+1 555 0199', to: null },
        ],
      },
    });
    const updates = (
      await admin.rest<TAuditPage>('GET', '/audit-log?entityType=contact&action=update')
    ).body.items;
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      entityId: String(contact.id),
      changes: {
        email: { from: 'grace@navy.example', to: 'grace.hopper@navy.example' },
        phone: { from: '+1 555 0199', to: null },
      },
    });
  });

  it('sets the owner with the fields over tRPC; the same values again change nothing', async () => {
    const contact = await create();
    const updated = await admin.trpc.admin.contacts.update.mutate({
      id: contact.id,
      name: 'Rear Admiral Grace Hopper',
      ownerId: admin.userId,
    });
    expect(updated).toMatchObject({ name: 'Rear Admiral Grace Hopper', ownerId: admin.userId });
    const kinds = (await timeline(contact.id)).map((e) => e.type);
    expect(kinds.slice(0, 2).sort()).toEqual(['fields_changed', 'owner_changed']);
    const before = (await timeline(contact.id)).length;
    await admin.trpc.admin.contacts.update.mutate({
      id: contact.id,
      name: 'Rear Admiral Grace Hopper',
      ownerId: admin.userId,
    });
    expect(await timeline(contact.id)).toHaveLength(before);
  });

  it('allows an email another contact has (duplicates are kept)', async () => {
    const first = await create();
    const second = await admin.trpc.admin.contacts.createManual.mutate({
      name: 'Other',
      email: 'other@example.com',
    });
    const res = await admin.rest<TContact>('PATCH', `/contacts/${second.id}`, {
      email: first.email,
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(first.email);
  });

  it('refuses bad input with 400 naming the field, and an unknown contact with 404, changing nothing', async () => {
    const contact = await create();
    const bad: [object, string | null][] = [
      [{ email: 'nope' }, 'email'],
      [{ name: '' }, 'name'],
      [{ ownerId: 999999 }, 'ownerId'],
      [{ status: 'converted' }, null],
      [{}, null],
    ];
    for (const [body, field] of bad) {
      const res = await admin.rest<RestErrorBody>('PATCH', `/contacts/${contact.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) {
        expect(res.body.data?.fieldErrors?.[field], JSON.stringify(res.body)).toBeTruthy();
      }
    }
    const empty = await admin.rest<RestErrorBody>('PATCH', `/contacts/${contact.id}`, {});
    expect(empty.body.message).toContain('Send at least one of: name, email, company, phone');
    expect((await admin.rest('PATCH', '/contacts/999999', { name: 'X' })).status).toBe(404);
    await expect(
      admin.trpc.admin.contacts.update.mutate({ id: contact.id, email: 'nope' }),
    ).rejects.toThrow(/valid email/);
    expect((await admin.rest<TContact>('GET', `/contacts/${contact.id}`)).body).toEqual(contact);
    expect((await timeline(contact.id)).some((e) => e.type === 'fields_changed')).toBe(false);
  });
});
