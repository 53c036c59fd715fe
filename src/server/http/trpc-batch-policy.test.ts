// tRPC batches: the calls that must travel alone are refused inside a batch, and a batch never
// borrows the CSV import's large body limit (issue: attack findings 1, 3 and 7).
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test-app';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

/** A raw tRPC batch: one `{ json }` input per procedure, as httpBatchLink sends it (GET for queries). */
async function batch(cookie: string, procedures: string[], inputs: unknown[], method = 'POST') {
  const body = JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, { json: input }])));
  const query = method === 'GET' ? `&input=${encodeURIComponent(body)}` : '';
  const res = await fetch(`${t.url}/trpc/${procedures.join(',')}?batch=1${query}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: method === 'GET' ? undefined : body,
  });
  return { status: res.status, text: await res.text() };
}

describe('tRPC batch policy', () => {
  it('refuses a batch of sign-ins with 400 and checks none of them', async () => {
    await t.signedIn('admin', 'batchvictim');
    const guesses = Array.from({ length: 10 }, (_, i) => ({
      username: 'batchvictim',
      password: `guess-${i}`,
    }));
    const res = await batch('', Array(10).fill('auth.login'), guesses);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({
      message: 'auth.login cannot be batched with other calls: send it alone',
    });
    const mixed = await batch(
      '',
      ['auth.me', 'auth.login'],
      [undefined, { username: 'batchvictim', password: TEST_PASSWORD }],
    );
    expect(mixed.status).toBe(400);
  });

  it('refuses the whole-table list and the import inside a batch, and serves them alone', async () => {
    const admin = await t.signedIn('admin');
    expect(
      (
        await batch(
          admin.cookieHeader,
          ['admin.contacts.list', 'admin.contacts.list'],
          [undefined, undefined],
          'GET',
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await batch(
          admin.cookieHeader,
          ['auth.me', 'admin.contacts.import'],
          [undefined, { csvData: 'name,email\nA,a@x.io' }],
        )
      ).status,
    ).toBe(400);
    const alone = await batch(admin.cookieHeader, ['admin.contacts.list'], [undefined], 'GET');
    expect(alone.status).toBe(200);
    expect(await admin.trpc.admin.contacts.list.query()).toEqual([]);
  });

  it('gives a batch the small body limit even when it names the import', async () => {
    const admin = await t.signedIn('admin');
    const big = 'x'.repeat(200 * 1024);
    // Two cheap calls with a 200 KB body: over the 64 KB limit whatever their names.
    const res = await batch(admin.cookieHeader, ['auth.me', 'auth.me'], [big, big]);
    expect(res.status).toBe(413);
    // The import alone still takes a file of megabytes.
    const rows = Array.from({ length: 20_000 }, (_, i) => `Person ${i},p${i}@example.com`);
    const csvData = `name,email\n${rows.join('\n')}`;
    expect(csvData.length).toBeGreaterThan(500 * 1024);
    const imported = await admin.trpc.admin.contacts.import.mutate({ csvData });
    expect(imported.imported).toBe(20_000);
  });
});
