// Ownership, the owner filter and bulk actions on contacts, over REST and tRPC.
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { TContact, TContactPage } from '../../shared/contacts.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import type { RestErrorBody } from '../test/rest-error-body';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.em().getConnection().execute<T[]>(text, params);
}

/** Contacts named c1..cN (ids ascending), status new, nobody's. */
async function seed(n: number): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    `insert into contacts (name, email, company)
     select 'c' || g, 'c' || g || '@example.com', case when g % 2 = 0 then 'Even Co' else 'Odd Inc' end
       from generate_series(1, ?) g returning id`,
    [n],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A user who can take leads (only the role that signs in can). */
async function userId(role: 'admin' | 'user' = 'admin'): Promise<number> {
  return (await t.signedIn(role)).userId;
}

const owners = async () =>
  (
    await sql<{ id: number; owner_id: number | null }>(
      'select id, owner_id from contacts order by id',
    )
  ).map((r) => r.owner_id);

describe('PATCH /api/contacts/{id}/owner', () => {
  it('assigns and unassigns over REST; the contact carries ownerId in the list, the search and GET', async () => {
    const [id] = await seed(1);
    const rep = await userId();
    const res = await admin.rest<TContact>('PATCH', `/contacts/${id}/owner`, { ownerId: rep });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, ownerId: rep });
    expect((await admin.rest<TContact[]>('GET', '/contacts')).body[0]?.ownerId).toBe(rep);
    expect((await admin.rest<TContactPage>('GET', '/contacts/search')).body.items[0]?.ownerId).toBe(
      rep,
    );
    expect((await admin.rest<TContact>('GET', `/contacts/${id}`)).body.ownerId).toBe(rep);
    const cleared = await admin.rest<TContact>('PATCH', `/contacts/${id}/owner`, { ownerId: null });
    expect(cleared.body.ownerId).toBeNull();
  });

  it('assigns through tRPC', async () => {
    const [id] = await seed(1);
    const contact = await admin.trpc.admin.contacts.setOwner.mutate({
      id: id!,
      ownerId: admin.userId,
    });
    expect(contact.ownerId).toBe(admin.userId);
  });

  it('refuses an unknown or deactivated user (400 naming ownerId), an unknown contact (404), a missing ownerId (400)', async () => {
    const [id] = await seed(1);
    const unknown = await admin.rest<RestErrorBody>('PATCH', `/contacts/${id}/owner`, {
      ownerId: 999999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'No active back-office user with id 999999 (leads go to someone who signs in)',
    );
    const cannotSignIn = await userId('user');
    expect(
      (await admin.rest('PATCH', `/contacts/${id}/owner`, { ownerId: cannotSignIn })).status,
    ).toBe(400);
    const rep = await userId();
    await sql('update users set is_active = false where id = ?', [rep]);
    expect((await admin.rest('PATCH', `/contacts/${id}/owner`, { ownerId: rep })).status).toBe(400);
    expect((await admin.rest('PATCH', '/contacts/999999/owner', { ownerId: null })).status).toBe(
      404,
    );
    const missing = await admin.rest<RestErrorBody>('PATCH', `/contacts/${id}/owner`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.data?.fieldErrors?.ownerId).toBeDefined();
    expect(await owners()).toEqual([null]);
  });

  it('is for admins: 401 anonymous, 403 for a user', async () => {
    const [id] = await seed(1);
    expect(
      (await t.anonymous().rest('PATCH', `/contacts/${id}/owner`, { ownerId: null })).status,
    ).toBe(401);
    const user = await t.signedIn('user');
    expect((await user.rest('PATCH', `/contacts/${id}/owner`, { ownerId: null })).status).toBe(403);
  });

  it("a deleted user's leads become unassigned", async () => {
    const [id] = await seed(1);
    const rep = await userId();
    await admin.rest('PATCH', `/contacts/${id}/owner`, { ownerId: rep });
    expect((await admin.rest('DELETE', `/users/${rep}`)).status).toBe(200);
    expect(await owners()).toEqual([null]);
  });
});

describe('the owner filter of GET /api/contacts/search', () => {
  let ids: number[] = [];
  let rep = 0;
  beforeEach(async () => {
    ids = await seed(6);
    rep = await userId();
    await sql('update contacts set owner_id = ? where id in (?)', [rep, ids.slice(0, 2)]);
    await sql('update contacts set owner_id = ? where id in (?)', [admin.userId, ids.slice(2, 5)]);
  });

  it('filters by a user id, "me" and "unassigned", with counts over the same owner (REST)', async () => {
    const byId = await admin.rest<TContactPage>('GET', `/contacts/search?ownerId=${rep}`);
    expect(byId.body.items.map((c) => c.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(byId.body.counts.all).toBe(2);
    const mine = await admin.rest<TContactPage>('GET', '/contacts/search?ownerId=me&status=new');
    expect(mine.body.total).toBe(3);
    const nobody = await admin.rest<TContactPage>('GET', '/contacts/search?ownerId=unassigned');
    expect(nobody.body.items.map((c) => c.id)).toEqual([ids[5]]);
  });

  it('filters through tRPC and refuses a bad owner value (400)', async () => {
    const page = await admin.trpc.admin.contacts.find.query({ ownerId: 'me', search: 'Even' });
    expect(page.items.every((c) => c.ownerId === admin.userId && c.company === 'Even Co')).toBe(
      true,
    );
    const bad = await admin.rest<RestErrorBody>('GET', '/contacts/search?ownerId=nobody');
    expect(bad.status).toBe(400);
    expect(bad.body.data?.fieldErrors?.ownerId).toBe('Must be a user id, "me" or "unassigned"');
  });
});

describe('POST /api/contacts/bulk', () => {
  it('sets the status of the ids given (REST); affected counts only real changes; leaving new stamps the first response', async () => {
    const ids = await seed(4);
    await sql(`update contacts set status = 'qualified' where id = ?`, [ids[0]]);
    const res = await admin.rest<{ affected: number }>('POST', '/contacts/bulk', {
      ids: ids.slice(0, 3),
      action: 'set_status',
      status: 'qualified',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ affected: 2 });
    const rows = await sql<{ status: string; first_responded_at: Date | null }>(
      'select status, first_responded_at from contacts order by id',
    );
    expect(rows.map((r) => r.status)).toEqual(['qualified', 'qualified', 'qualified', 'new']);
    expect(rows[1]?.first_responded_at).not.toBeNull();
    expect(rows[3]?.first_responded_at).toBeNull();
  });

  it('assigns everything matching a filter (tRPC), "me" meaning the caller', async () => {
    await seed(6);
    const rep = await userId();
    const result = await admin.trpc.admin.contacts.bulk.mutate({
      filter: { search: 'Even' },
      action: 'assign',
      ownerId: rep,
    });
    expect(result).toEqual({ affected: 3 });
    expect(await owners()).toEqual([null, rep, null, rep, null, rep]);
    const back = await admin.rest<{ affected: number }>('POST', '/contacts/bulk', {
      filter: { ownerId: rep },
      action: 'assign',
      ownerId: null,
    });
    expect(back.body.affected).toBe(3);
    expect(await owners()).toEqual([null, null, null, null, null, null]);
  });

  it('deletes the contacts matching status + owner, and nothing else', async () => {
    const ids = await seed(5);
    await sql(`update contacts set status = 'contacted', owner_id = ? where id in (?)`, [
      admin.userId,
      ids.slice(0, 2),
    ]);
    await sql(`update contacts set status = 'contacted' where id = ?`, [ids[2]]);
    const res = await admin.rest<{ affected: number }>('POST', '/contacts/bulk', {
      filter: { status: 'contacted', ownerId: 'me' },
      action: 'delete',
    });
    expect(res.body.affected).toBe(2);
    expect(
      (await sql<{ id: number }>('select id from contacts order by id')).map((r) => r.id),
    ).toEqual(ids.slice(2));
  });

  it.each([
    [{ action: 'delete' }, 'ids', 'Send either ids or filter (exactly one)'],
    [{ ids: [1], filter: {}, action: 'delete' }, 'ids', 'Send either ids or filter (exactly one)'],
    [{ ids: [], action: 'delete' }, 'ids', 'Select at least one contact'],
    [{ ids: [1], action: 'set_status' }, 'status', 'Status is required for set_status'],
    [
      { ids: [1], action: 'set_status', status: 'won' },
      'status',
      'Status must be one of: new, contacted, qualified, converted',
    ],
    [
      { ids: [1], action: 'assign' },
      'ownerId',
      'ownerId is required for assign (a user id, or null to unassign)',
    ],
    [
      { ids: [1], action: 'archive' },
      'action',
      'Action must be one of: set_status, assign, delete',
    ],
    [
      { filter: { ownerId: 'them' }, action: 'delete' },
      'filter.ownerId',
      'Must be a user id, "me" or "unassigned"',
    ],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, field, message) => {
    await seed(2);
    const res = await admin.rest<RestErrorBody>('POST', '/contacts/bulk', body);
    expect(res.status).toBe(400);
    expect(res.body.data?.fieldErrors?.[field]).toBe(message);
    expect(await sql('select id from contacts')).toHaveLength(2);
  });

  it('refuses more than 5,000 ids, and an owner who cannot take leads', async () => {
    await seed(1);
    const many = Array.from({ length: 5001 }, (_, i) => i + 1);
    const tooMany = await admin.rest<RestErrorBody>('POST', '/contacts/bulk', {
      ids: many,
      action: 'delete',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data?.fieldErrors?.ids).toBe('At most 5000 ids; send a filter for more');
    const ghost = await admin.rest<RestErrorBody>('POST', '/contacts/bulk', {
      filter: {},
      action: 'assign',
      ownerId: 424242,
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe(
      'No active back-office user with id 424242 (leads go to someone who signs in)',
    );
    expect(await owners()).toEqual([null]);
  });

  it('is for admins: 401 anonymous, 403 for a user (tRPC too)', async () => {
    await seed(1);
    const body = { filter: {}, action: 'delete' };
    expect((await t.anonymous().rest('POST', '/contacts/bulk', body)).status).toBe(401);
    const user = await t.signedIn('user');
    expect((await user.rest('POST', '/contacts/bulk', body)).status).toBe(403);
    const error = await user.trpc.admin.contacts.bulk
      .mutate({ filter: {}, action: 'delete' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error).toMatchObject({ data: { httpStatus: 403 } });
    expect(await sql('select id from contacts')).toHaveLength(1);
  });
});

describe('GET /api/contacts/export/csv with the list filters', () => {
  const exported = async (query: string) => {
    const res = await admin.fetch(`/api/contacts/export/csv${query}`);
    const text = await res.text();
    return {
      status: res.status,
      text,
      names:
        res.status === 200
          ? (parse(text, { columns: true }) as { name: string }[]).map((r) => r.name)
          : [],
    };
  };

  it('exports what the list shows: status, search, owner ("me"), or the ids picked; ownerId is a column', async () => {
    const ids = await seed(6);
    await sql(`update contacts set status = 'qualified' where id in (?)`, [ids.slice(0, 3)]);
    await sql('update contacts set owner_id = ? where id in (?)', [admin.userId, ids.slice(2, 4)]);
    const all = await exported('');
    expect(all.status).toBe(200);
    expect(all.text.split('\n')[0]).toContain(',firstRespondedAt,ownerId,');
    expect(all.names).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    expect((await exported('?status=qualified&search=Even')).names).toEqual(['c2']);
    expect((await exported('?ownerId=me')).names).toEqual(['c3', 'c4']);
    expect((await exported('?ownerId=unassigned&status=new')).names).toEqual(['c5', 'c6']);
    expect((await exported(`?ids=${ids[5]},${ids[0]}`)).names).toEqual(['c1', 'c6']);
    // ownerId, then the consent's columns (leads typed in: no notice, no opt-in).
    expect((await exported('?ownerId=me')).text).toContain(`,${admin.userId},,false,\n`);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const bad = await exported('?ids=1,x');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({
      message: 'ids: Must be contact ids separated by commas',
    });
    expect((await exported('?status=won')).status).toBe(400);
    expect((await exported('?ownerId=someone')).status).toBe(400);
  });
});
