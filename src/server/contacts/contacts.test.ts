import { beforeEach, describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { TContact, TContactPage } from '../../shared/contacts.schema';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { actorFor } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');
beforeEach(async () => {
  // These tests are about storing contacts; the form's bot protections have their own tests.
  await relaxContactProtections(t.db.em());
});

const form = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  company: 'Analytical Co',
  phone: '555-0100',
  message: 'Need outbound calling',
};

describe('POST /api/contacts (public submit)', () => {
  it('stores a submission with source website and status new (REST)', async () => {
    const res = await t.anonymous().rest('POST', '/contacts', { ...form, website: '' });
    expect(res.status).toBe(200);
    const list = await admin.rest<TContact[]>('GET', '/contacts');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      source: 'website',
      status: 'new',
    });
  });

  it('stores a submission through tRPC too', async () => {
    await t.anonymous().trpc.public.contact.submit.mutate(form);
    const list = await admin.trpc.admin.contacts.list.query();
    expect(list.map((c) => c.name)).toEqual(['Ada Lovelace']);
  });

  it('names each invalid field with the documented message, on both transports', async () => {
    const res = await t
      .anonymous()
      .rest<{ message: string; data: { fieldErrors: Record<string, string> } }>(
        'POST',
        '/contacts',
        { name: '  ', email: '', message: '' },
      );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'name: Name is required; email: Email is required; message: Message is required',
    );
    expect(res.body.data.fieldErrors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });

    const err = await t
      .anonymous()
      .trpc.public.contact.submit.mutate({ name: '', email: 'a@b.co', message: 'x' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err.message).toBe('name: Name is required');
    expect(err.data.httpStatus).toBe(400);
  });

  it('rejects NUL characters and oversized fields with 400, not 500', async () => {
    const nul = await t.anonymous().rest('POST', '/contacts', { ...form, name: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const long = await t
      .anonymous()
      .rest('POST', '/contacts', { ...form, message: 'x'.repeat(6000) });
    expect(long.status).toBe(400);
  });

  it('answers success to a filled honeypot but stores nothing', async () => {
    const res = await t
      .anonymous()
      .rest('POST', '/contacts', { ...form, website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect((await admin.rest<TContact[]>('GET', '/contacts')).body).toHaveLength(0);
  });
});

describe('admin contact operations', () => {
  async function seed(n: number) {
    for (let i = 0; i < n; i++) {
      await t.anonymous().rest('POST', '/contacts', {
        name: `Person ${i}`,
        email: `p${i}@corp${i % 3}.com`,
        company: i % 2 ? 'Acme' : 'Globex',
        message: 'hi',
      });
    }
  }

  it('refuses anonymous callers with 401 and non-admins with 403', async () => {
    expect((await t.anonymous().rest('GET', '/contacts')).status).toBe(401);
    const user = await t.signedIn('user');
    expect((await user.rest('GET', '/contacts')).status).toBe(403);
    await expect(t.caller(null).admin.contacts.list()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      t.caller(actorFor(user.userId, 'user')).admin.contacts.list(),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists every contact newest first, the same over streamed REST and tRPC', async () => {
    await seed(5);
    await t.anonymous().rest('POST', '/contacts', {
      name: 'Quote "and" comma, \u2028 line',
      email: 'q@example.com',
      message: 'multi\nline',
    });
    const rest = await admin.fetch('/api/contacts');
    expect(rest.headers.get('content-type')).toMatch(/^application\/json/);
    const streamed = (await rest.json()) as TContact[];
    const viaTrpc = await admin.trpc.admin.contacts.list.query();
    expect(streamed).toHaveLength(6);
    expect(streamed).toEqual(viaTrpc);
    expect(streamed.map((c) => c.id)).toEqual([...streamed.map((c) => c.id)].sort((a, b) => b - a));
    expect(streamed[0]).toMatchObject({ company: null, phone: null, message: 'multi\nline' });
    expect(streamed[0]!.createdAt).toBe(new Date(streamed[0]!.createdAt).toISOString());
  });

  it('updates a status through REST and createCaller, and 404s an unknown id', async () => {
    await seed(1);
    const [contact] = (await admin.rest<TContact[]>('GET', '/contacts')).body;
    const res = await admin.rest<TContact>('PATCH', `/contacts/${contact!.id}/status`, {
      status: 'qualified',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('qualified');
    const viaCaller = await t
      .caller(actorFor(admin.userId))
      .admin.contacts.updateStatus({ id: contact!.id, status: 'converted' });
    expect(viaCaller.status).toBe('converted');
    expect((await admin.rest('PATCH', '/contacts/999999/status', { status: 'new' })).status).toBe(
      404,
    );
    expect(
      (await admin.rest('PATCH', `/contacts/${contact!.id}/status`, { status: 'won' })).status,
    ).toBe(400);
    expect(
      (await admin.rest('PATCH', '/contacts/99999999999/status', { status: 'new' })).status,
    ).toBe(400);
  });

  it('pages, searches case-insensitively and counts per status in SQL', async () => {
    await seed(7);
    const page1 = await admin.trpc.admin.contacts.find.query({ limit: 3 });
    expect(page1.items).toHaveLength(3);
    expect(page1.total).toBe(7);
    const page2 = await admin.trpc.admin.contacts.find.query({
      limit: 3,
      cursor: page1.nextCursor!,
    });
    const page3 = await admin.trpc.admin.contacts.find.query({
      limit: 3,
      cursor: page2.nextCursor!,
    });
    expect(page3.items).toHaveLength(1);
    expect(page3.nextCursor).toBeNull();
    const ids = [...page1.items, ...page2.items, ...page3.items].map((c) => c.id);
    expect(new Set(ids).size).toBe(7);

    const search = await admin.rest<TContactPage>('GET', '/contacts/search?search=ACME');
    expect(search.body.total).toBe(3);
    expect(search.body.items.every((c) => c.company === 'Acme')).toBe(true);
    const byEmail = await admin.rest<TContactPage>('GET', '/contacts/search?search=corp1');
    expect(byEmail.body.total).toBe(2);

    await admin.trpc.admin.contacts.updateStatus.mutate({ id: ids[0]!, status: 'contacted' });
    const filtered = await admin.trpc.admin.contacts.find.query({ status: 'contacted' });
    expect(filtered.total).toBe(1);
    expect(filtered.counts).toEqual({ all: 7, new: 6, contacted: 1, qualified: 0, converted: 0 });
  });

  it('refuses a NUL character in the search with 400 naming the field, on both transports', async () => {
    const res = await admin.rest<{ message: string }>('GET', '/contacts/search?search=a%00b');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('search: Must not contain NUL characters');
    await expect(
      admin.trpc.admin.contacts.find.query({ search: 'a\u0000b' }),
    ).rejects.toMatchObject({
      message: 'search: Must not contain NUL characters',
    });
  });

  it('refuses an email that would add headers to a mailto link (?bcc=, &, comma)', async () => {
    for (const email of ['lead@example.com?bcc=x@evil.test', 'a@b.com,c@d.com', 'a@b.com&cc=x']) {
      const res = await t.anonymous().rest<{ message: string }>('POST', '/contacts', {
        name: 'Lead',
        email,
        message: 'Hello',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('email: Please enter a valid email address');
    }
  });

  it('treats % and _ in a search as plain characters', async () => {
    await seed(2);
    expect((await admin.trpc.admin.contacts.find.query({ search: '%' })).total).toBe(0);
  });

  it('deletes one contact and then all of them, on both transports', async () => {
    await seed(3);
    const [first] = (await admin.rest<TContact[]>('GET', '/contacts')).body;
    expect((await admin.rest('DELETE', `/contacts/${first!.id}`)).status).toBe(200);
    expect((await admin.rest('DELETE', `/contacts/${first!.id}`)).status).toBe(404);
    const all = await admin.rest<{ deleted: number }>('DELETE', '/contacts/bulk/all');
    expect(all.body.deleted).toBe(2);
    await seed(1);
    expect((await admin.trpc.admin.contacts.deleteAll.mutate()).deleted).toBe(1);
    expect(await admin.trpc.admin.contacts.list.query()).toEqual([]);
  });
});
