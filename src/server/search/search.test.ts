// GET /api/search over REST and tRPC: contacts, users, campaigns and service inquiries, at most
// five of each, and bad queries refused naming `q`.
import { beforeEach, describe, expect, it } from 'vitest';
import type { TSearchResults } from '../../shared/search.schema';
import type { RestErrorBody } from '../test/rest-error-body';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

beforeEach(async () => {
  const em = t.db.em();
  await em.execute(
    `insert into contacts (name, email, company)
     select 'Lovelace ' || g, 'ada' || g || '@engines.test', 'Analytical Engines'
       from generate_series(1, 8) g`,
  );
  await em.execute(
    `insert into contacts (name, email, company) values ('Grace Hopper', 'grace@navy.test', '50% Off Ltd')`,
  );
  const [ada] = await em.execute<{ id: number }[]>(
    `select id from contacts where name = 'Lovelace 1'`,
  );
  await admin.rest('POST', '/users', {
    username: 'lovelace',
    email: 'countess@engines.test',
    password: 'a-long-enough-password-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'admin',
  });
  await admin.rest('POST', '/campaigns', { name: 'Lovelace Day webinar', type: 'email' });
  await admin.rest('POST', '/service-inquiries', {
    contactId: ada!.id,
    serviceType: 'ai_outbound',
    notes: 'Wants 1,000 calls a day',
  });
});

describe('GET /api/search', () => {
  it('finds each kind, at most five of each, with id, title and subtitle', async () => {
    const res = await admin.rest<TSearchResults>('GET', '/search?q=lovelace');
    expect(res.status).toBe(200);
    expect(res.body.contacts).toHaveLength(5);
    expect(res.body.contacts[0]).toEqual({
      id: expect.any(Number),
      title: 'Lovelace 8',
      subtitle: 'ada8@engines.test · Analytical Engines',
    });
    expect(res.body.users).toEqual([
      {
        id: expect.any(Number),
        title: 'Ada Lovelace',
        subtitle: 'lovelace · countess@engines.test',
      },
    ]);
    expect(res.body.campaigns).toEqual([
      { id: expect.any(Number), title: 'Lovelace Day webinar', subtitle: 'email · draft' },
    ]);
    expect(res.body.inquiries).toEqual([
      {
        id: expect.any(Number),
        title: 'ai outbound inquiry from Lovelace 1',
        subtitle: 'medium priority · ada1@engines.test',
      },
    ]);
  });

  it('answers the same over tRPC; takes % literally; two characters match the start of a word', async () => {
    const viaTrpc = await admin.trpc.admin.search.everything.query({ q: '  Grace ' });
    expect(viaTrpc.contacts.map((c) => c.title)).toEqual(['Grace Hopper']);
    expect(viaTrpc.users).toEqual([]);
    const percent = await admin.rest<TSearchResults>(
      'GET',
      `/search?q=${encodeURIComponent('50%')}`,
    );
    expect(percent.body.contacts.map((c) => c.title)).toEqual(['Grace Hopper']);
    const start = await admin.rest<TSearchResults>('GET', '/search?q=ho');
    expect(start.body.contacts.map((c) => c.title)).toEqual(['Grace Hopper']);
    const none = await admin.rest<TSearchResults>('GET', '/search?q=zzqx');
    expect(none.body).toEqual({ contacts: [], users: [], campaigns: [], inquiries: [] });
  });

  it('refuses a query too short, too long or missing with 400 naming q, and non-admins', async () => {
    for (const query of ['?q=a', `?q=${'x'.repeat(101)}`, '', '?q=%20%20']) {
      const res = await admin.rest<RestErrorBody>('GET', `/search${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.data?.fieldErrors?.q, query).toBeTruthy();
    }
    await expect(admin.trpc.admin.search.everything.query({ q: 'a' })).rejects.toThrow(
      /at least 2 characters/,
    );
    expect((await t.anonymous().rest('GET', '/search?q=ada')).status).toBe(401);
    expect((await (await t.signedIn('user')).rest('GET', '/search?q=ada')).status).toBe(403);
  });
});
