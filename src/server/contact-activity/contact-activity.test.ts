// A contact's timeline and notes over REST and tRPC: each kind of entry with its data and actor,
// newest first; note validation and who may delete a note.
import { beforeEach, describe, expect, it } from 'vitest';
import type { TContactActivity, TNoteActivity } from '../../shared/contact-activity.schema';
import type { TContact } from '../../shared/contacts.schema';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { actorFor } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { deleteContactNote } from './contact-activity.service';
import type { RestErrorBody } from '../test/rest-error-body';

const t = useTestApp();
const admin = useSignedIn(t, 'admin', 'ada');
beforeEach(() => relaxContactProtections(t.db.em()));

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(text, params);

async function submitLead(): Promise<number> {
  const res = await t.anonymous().rest<{ contact: TContact }>('POST', '/contacts', {
    name: 'Maya Patel',
    email: 'maya@northwind.test',
    message: 'We want AI outbound calls',
  });
  expect(res.status).toBe(200);
  return res.body.contact.id;
}

const timeline = async (id: number) =>
  (await admin.rest<TContactActivity[]>('GET', `/contacts/${id}/activity`)).body;

describe('GET /api/contacts/{id}/activity', () => {
  it('lists creation, the lead email, status and owner changes and notes, newest first, with who did them', async () => {
    const id = await submitLead();
    await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'contacted' });
    await admin.trpc.admin.contacts.setOwner.mutate({ id, ownerId: admin.userId });
    await admin.rest('POST', `/contacts/${id}/notes`, { body: 'Called, wants a demo\nnext week' });
    const entries = await timeline(id);
    expect(entries.map((e) => e.type)).toEqual([
      'note',
      'owner_changed',
      'status_changed',
      'email',
      'created',
    ]);
    const ada = { id: admin.userId, username: 'ada' };
    expect(entries[0]).toMatchObject({
      actor: ada,
      data: { body: 'Called, wants a demo\nnext week' },
    });
    expect(entries[1]).toMatchObject({ actor: ada, data: { from: null, to: admin.userId } });
    expect(entries[2]).toMatchObject({ actor: ada, data: { from: 'new', to: 'contacted' } });
    expect(entries[3]).toMatchObject({
      actor: null,
      data: { kind: 'auto_reply', to: 'maya@northwind.test', status: 'not_configured' },
    });
    expect(entries[4]).toMatchObject({ actor: null, data: { source: 'website' } });
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) expect(e.at).toBe(new Date(e.at).toISOString());
    expect(await admin.trpc.admin.contactActivity.list.query({ id })).toEqual(entries);
  });

  it('records nothing for a status set to what it already is', async () => {
    const id = await submitLead();
    await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'new' });
    expect((await timeline(id)).map((e) => e.type)).toEqual(['email', 'created']);
  });

  it('shows webhook deliveries about the contact and bulk changes with their actor', async () => {
    const id = await submitLead();
    const [endpoint] = await sql<{ id: number }>(
      `insert into webhook_endpoints (url, secret, events, enabled) values ('https://hooks.example.test/in', 'whsec_x', '["contact.created"]', true) returning id`,
    );
    await sql(
      `insert into webhook_deliveries (endpoint_id, contact_id, message_id, event, payload, status, attempts, response_status)
       values (?, ?, 'msg_1', 'contact.created', '{}', 'succeeded', 1, 204)`,
      [endpoint!.id, id],
    );
    await admin.rest('POST', '/contacts/bulk', {
      ids: [id],
      action: 'set_status',
      status: 'qualified',
    });
    const entries = await timeline(id);
    expect(entries.find((e) => e.type === 'webhook')).toMatchObject({
      data: {
        event: 'contact.created',
        url: 'https://hooks.example.test/in',
        status: 'succeeded',
        responseStatus: 204,
      },
    });
    expect(entries[0]).toMatchObject({
      type: 'status_changed',
      actor: { id: admin.userId },
      data: { from: 'new', to: 'qualified' },
    });
  });

  it('answers 404 for an unknown contact, 400 for a bad limit, 401/403 without an admin', async () => {
    expect((await admin.rest('GET', '/contacts/999999/activity')).status).toBe(404);
    const id = await submitLead();
    expect((await admin.rest('GET', `/contacts/${id}/activity?limit=0`)).status).toBe(400);
    expect(
      (await admin.rest<TContactActivity[]>('GET', `/contacts/${id}/activity?limit=1`)).body,
    ).toHaveLength(1);
    expect((await t.anonymous().rest('GET', `/contacts/${id}/activity`)).status).toBe(401);
    expect((await (await t.signedIn('user')).rest('GET', `/contacts/${id}/activity`)).status).toBe(
      403,
    );
  });
});

describe('notes', () => {
  it('adds a trimmed note over REST and tRPC, answering the timeline entry', async () => {
    const id = await submitLead();
    const res = await admin.rest<TNoteActivity>('POST', `/contacts/${id}/notes`, {
      body: '  Budget approved  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'note',
      actor: { id: admin.userId, username: 'ada' },
      data: { body: 'Budget approved' },
    });
    expect(res.body.id).toBe(`note:${String(res.body.data.noteId)}`);
    const viaTrpc = await admin.trpc.admin.contactActivity.addNote.mutate({ id, body: 'Second' });
    expect((await timeline(id)).slice(0, 2).map((e) => e.id)).toEqual([viaTrpc.id, res.body.id]);
  });

  it.each([
    ['a blank body', { body: '   ' }, 'Note is required'],
    ['no body', {}, 'Note is required'],
    ['5001 characters', { body: 'x'.repeat(5001) }, 'Note must be at most 5000 characters'],
  ])('refuses %s with 400 naming body', async (_case, payload, message) => {
    const id = await submitLead();
    const res = await admin.rest<RestErrorBody>('POST', `/contacts/${id}/notes`, payload);
    expect(res.status).toBe(400);
    expect(res.body.data?.fieldErrors?.body).toBe(message);
    expect((await timeline(id)).some((e) => e.type === 'note')).toBe(false);
  });

  it('takes exactly 5000 characters; 404 for an unknown contact', async () => {
    const id = await submitLead();
    expect(
      (await admin.rest('POST', `/contacts/${id}/notes`, { body: 'x'.repeat(5000) })).status,
    ).toBe(200);
    expect((await admin.rest('POST', '/contacts/999999/notes', { body: 'hi' })).status).toBe(404);
  });

  it("deletes a note (REST and tRPC); 404 for one that is gone or another contact's", async () => {
    const id = await submitLead();
    const other = await submitLead();
    const note = await admin.trpc.admin.contactActivity.addNote.mutate({ id, body: 'one' });
    const noteId = Number(note.data.noteId);
    expect((await admin.rest('DELETE', `/contacts/${other}/notes/${noteId}`)).status).toBe(404);
    expect((await admin.rest('DELETE', `/contacts/${id}/notes/${noteId}`)).status).toBe(200);
    expect((await admin.rest('DELETE', `/contacts/${id}/notes/${noteId}`)).status).toBe(404);
    const second = await admin.trpc.admin.contactActivity.addNote.mutate({ id, body: 'two' });
    await admin.trpc.admin.contactActivity.deleteNote.mutate({
      id,
      noteId: Number(second.data.noteId),
    });
    expect((await timeline(id)).some((e) => e.type === 'note')).toBe(false);
  });

  it('lets another admin delete a note, but not a non-admin who did not write it', async () => {
    const id = await submitLead();
    const note = await admin.trpc.admin.contactActivity.addNote.mutate({ id, body: 'mine' });
    const noteId = Number(note.data.noteId);
    const user = await t.signedIn('user');
    expect((await user.rest('DELETE', `/contacts/${id}/notes/${noteId}`)).status).toBe(403);
    await expect(
      deleteContactNote(t.db.em(), id, noteId, actorFor(user.userId, 'user')),
    ).rejects.toThrow('Only the author of a note or an admin can delete it');
    const otherAdmin = await t.signedIn('admin');
    expect((await otherAdmin.rest('DELETE', `/contacts/${id}/notes/${noteId}`)).status).toBe(200);
  });
});
