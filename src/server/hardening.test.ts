import { describe, expect, it } from 'vitest';
import { SMALL_BODY_LIMIT } from './http/body-limits';
import { useSignedIn, useTestApp } from './test/use-test-app';
import { relaxContactProtections } from './form-guard/contact-form-test-support';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('security headers', () => {
  it.each(['/api/health', '/api/contacts/form-token', '/api/docs/', '/api/nope', '/trpc/auth.me'])(
    'are on %s, with a strict CSP and no X-Powered-By',
    async (path) => {
      const res = await fetch(`${t.url}${path}`);
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(script.trim()).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    },
  );
});

describe('request limits', () => {
  it(`refuses bodies over ${SMALL_BODY_LIMIT / 1024} KB on ordinary endpoints with 413, on both transports`, async () => {
    const big = JSON.stringify({
      name: 'x',
      email: 'a@b.co',
      message: 'y'.repeat(SMALL_BODY_LIMIT),
    });
    const rest = await post('/api/contacts', big);
    expect(rest.status).toBe(413);
    expect(await rest.json()).toEqual({
      message: 'Request body too large',
      code: 'PAYLOAD_TOO_LARGE',
      errorCode: 'PAYLOAD_TOO_LARGE',
      data: { errorCode: 'PAYLOAD_TOO_LARGE', code: 'PAYLOAD_TOO_LARGE' },
      requestId: expect.any(String),
    });
    expect((await post('/trpc/public.contact.submit', big)).status).toBe(413);
    expect(
      (
        await post(
          '/api/auth/login',
          JSON.stringify({ username: 'u', password: 'p'.repeat(SMALL_BODY_LIMIT) }),
        )
      ).status,
    ).toBe(413);
  });

  it('still accepts a multi-megabyte CSV import, on both transports', async () => {
    const file = (from: number) =>
      `name,email,message\n${Array.from(
        { length: 20_000 },
        (_, i) => `Person ${from + i},p${from + i}@example.com,${'note '.repeat(10)}`,
      ).join('\n')}`;
    const res = await admin.rest<{ imported: number }>('POST', '/contacts/import/csv', {
      csvData: file(0),
    });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(20_000);
    const viaTrpc = await admin.trpc.admin.contacts.import.mutate({ csvData: file(20_000) });
    expect(viaTrpc.imported).toBe(20_000);
  });

  it('parses the import body off the event loop, answering bad bodies like every other route', async () => {
    for (const path of ['/api/contacts/import/csv', '/trpc/admin.contacts.import']) {
      const malformed = await post(path, '{"csvData": ');
      expect(malformed.status, path).toBe(400);
      expect(await malformed.json()).toEqual({
        message: 'Request body is not valid JSON',
        code: 'BAD_REQUEST',
        errorCode: 'BAD_REQUEST',
        data: { errorCode: 'BAD_REQUEST', code: 'BAD_REQUEST' },
        requestId: expect.any(String),
      });
      const scalar = await post(path, '"name,email"');
      expect(scalar.status, path).toBe(400);
      const deep = await post(path, '['.repeat(5000) + ']'.repeat(5000));
      expect(deep.status, path).toBe(400);
      expect(((await deep.json()) as { message: string }).message).toMatch(/nested too deeply/);
    }
    // Many parallel imports share the parser thread and each gets its own answer.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.rest<{ imported: number }>('POST', '/contacts/import/csv', {
          csvData: `name,email\n${Array.from({ length: i + 1 }, (_, j) => `P${i}-${j},p${i}-${j}@example.com`).join('\n')}`,
        }),
      ),
    );
    expect(results.map((r) => r.body.imported)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses malformed JSON with a clear 400', async () => {
    const res = await post('/api/contacts', '{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Request body is not valid JSON',
      code: 'BAD_REQUEST',
      errorCode: 'BAD_REQUEST',
      data: { errorCode: 'BAD_REQUEST', code: 'BAD_REQUEST' },
      requestId: expect.any(String),
    });
  });

  it('refuses deeply nested JSON with 400 (it would overflow the stack in validation)', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const path of ['/api/contacts', '/api/auth/logout', '/trpc/public.contact.submit']) {
      const res = await post(path, deep);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/nested too deeply/);
    }
    const query = await fetch(
      `${t.url}/trpc/admin.security.events?input=${encodeURIComponent('{"json":' + '['.repeat(1000) + ']'.repeat(1000) + '}')}`,
    );
    expect(query.status).toBe(400);
    // Brackets inside strings are text, not nesting.
    await relaxContactProtections(t.db.em());
    expect(
      (
        await post(
          '/api/contacts',
          JSON.stringify({ name: 'A', email: 'a@b.co', message: '['.repeat(1000) }),
        )
      ).status,
    ).toBe(200);
  });

  it('limits tRPC batches to 10 calls', async () => {
    const batch = (n: number) =>
      fetch(
        `${t.url}/trpc/${Array(n).fill('auth.me').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
        {
          headers: { cookie: admin.cookieHeader },
        },
      );
    const ten = await batch(10);
    expect(ten.status).toBe(200);
    expect((await ten.json()) as unknown[]).toHaveLength(10);
    const eleven = await batch(11);
    expect(eleven.status).toBeGreaterThanOrEqual(400);
    expect(eleven.status).toBeLessThan(500);
    expect((await batch(500)).status).toBeLessThan(500);
  });
});

describe('server errors', () => {
  it('never carry a stack trace or SQL to the client, on REST or tRPC', async () => {
    await relaxContactProtections(t.db.em());
    const conn = t.db.orm.em.getConnection();
    // Break the schema under the app so the next query fails with a raw PostgreSQL error.
    await conn.execute('alter table security_events rename to security_events_away');
    const logged: string[] = [];
    const original = t.deps.log.error;
    t.deps.log.error = (msg: string) => void logged.push(msg);
    try {
      const rest = await admin.rest<Record<string, unknown>>('GET', '/security/events');
      expect(rest.status).toBe(500);
      expect(rest.body).toMatchObject({
        message: 'Internal server error',
        code: 'INTERNAL_SERVER_ERROR',
      });
      const trpc = await fetch(
        `${t.url}/trpc/admin.security.events?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`,
        {
          headers: { cookie: admin.cookieHeader },
        },
      );
      const text = await trpc.text();
      expect(trpc.status).toBe(500);
      expect(text).toContain('Internal server error');
      for (const leak of [
        /security_events/,
        /select /i,
        /relation/i,
        /at .*\.ts:\d+/,
        /stack/i,
        /node_modules/,
      ]) {
        expect(text).not.toMatch(leak);
        expect(JSON.stringify(rest.body)).not.toMatch(leak);
      }
      expect(logged.length).toBeGreaterThan(0);
    } finally {
      t.deps.log.error = original;
      await conn.execute('alter table security_events_away rename to security_events');
    }
  });
});
