import { describe, expect, it } from 'vitest';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const trpcGet = (path: string, input: unknown = undefined) =>
  admin.fetch(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);

describe('tRPC answers in one write', () => {
  it('sends a small answer whole, with its Content-Length and no chunked encoding', async () => {
    const res = await trpcGet('admin.contacts.find', { limit: 50 });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toMatchObject({ result: { data: { json: { items: [] } } } });
  });

  it('streams an answer past 1 MB, which still arrives whole', async () => {
    await t.db
      .em()
      .getConnection()
      .execute(
        `insert into contacts (name, email, message)
         select 'Person ' || g, 'person' || g || '@example.com', repeat('x', 400)
           from generate_series(1, 4000) g`,
      );
    const res = await trpcGet('admin.contacts.list');
    const body = await res.text();
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    expect(res.headers.get('content-length')).toBeNull();
    const parsed = JSON.parse(body) as { result: { data: { json: unknown[] } } };
    expect(parsed.result.data.json).toHaveLength(4000);
  });

  it('keeps error answers whole too', async () => {
    const res = await trpcGet('admin.contacts.get', { id: 999_999 });
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toMatchObject({ error: { json: { data: { code: 'NOT_FOUND' } } } });
  });
});
