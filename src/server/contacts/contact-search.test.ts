import { describe, expect, it } from 'vitest';
import type { TContactPage } from '../../shared/contacts.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const exec = (sql: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute(sql, params);
const search = async (query: string) =>
  (await admin.rest<TContactPage>('GET', `/contacts/search?${query}`)).body;

describe('GET /api/contacts/search at scale', () => {
  it('one or two characters match the start of a word of name, company or the email parts', async () => {
    await exec(`insert into contacts (name, email, company) values
      ('Ana Smith', 'ana@x.io', null), ('Osmond Lee', 'osmond@x.io', null),
      ('Bo Chen', 'smart.bo@x.io', null), ('Cy Dee', 'cy@x.io', 'Small Co'), ('Di Eve', 'di@smx.io', null)`);
    const rest = await search('search=Sm');
    expect(rest.items.map((c) => c.name).sort()).toEqual([
      'Ana Smith',
      'Bo Chen',
      'Cy Dee',
      'Di Eve',
    ]);
    expect(rest).toMatchObject({ total: 4, countsExact: true, counts: { all: 4, new: 4 } });
    const trpc = await admin.trpc.admin.contacts.find.query({ search: 's' });
    expect(trpc.items.map((c) => c.name).sort()).toEqual([
      'Ana Smith',
      'Bo Chen',
      'Cy Dee',
      'Di Eve',
    ]);
    // Regex characters are literal: '.' is not "any character".
    expect((await search('search=.')).total).toBe(0);
    // Three characters or more: anywhere in the text, as before.
    expect((await search('search=smo')).items.map((c) => c.name)).toEqual(['Osmond Lee']);
  });

  it('finds rare matches older than the newest 10,000 contacts, page by page', async () => {
    await exec(
      `insert into contacts (name, email) select 'Old Rare ' || g, 'rare' || g || '@x.io' from generate_series(1, 3) g`,
    );
    await exec(
      `insert into contacts (name, email, status) select 'Filler ' || g, 'f' || g || '@x.io', 'contacted' from generate_series(1, 12000) g`,
    );
    const first = await search('search=old%20rare&limit=2');
    expect(first.items.map((c) => c.name)).toEqual(['Old Rare 3', 'Old Rare 2']);
    expect(first).toMatchObject({ total: 3, countsExact: true });
    const next = await search(`search=old%20rare&limit=2&cursor=${first.nextCursor}`);
    expect(next.items.map((c) => c.name)).toEqual(['Old Rare 1']);
    expect(next.nextCursor).toBeNull();
    // With a status filter the page narrows; the counts stay over the search.
    const none = await search('search=old%20rare&status=contacted');
    expect(none).toMatchObject({ items: [], total: 0, counts: { all: 3, new: 3, contacted: 0 } });
  });

  it('counts up to 1,000 matches and then says the counts are lower bounds', async () => {
    await exec(
      `insert into contacts (name, email) select 'Common ' || g, 'c' || g || '@x.io' from generate_series(1, 1500) g`,
    );
    const common = await search('search=common&limit=10');
    expect(common.items).toHaveLength(10);
    expect(common.countsExact).toBe(false);
    expect(common.counts.all).toBeGreaterThan(1000);
    expect(common.counts.all).toBeLessThanOrEqual(1001);
    const unfiltered = await search('limit=1');
    expect(unfiltered).toMatchObject({ countsExact: true, total: 1500 });
  });
});
