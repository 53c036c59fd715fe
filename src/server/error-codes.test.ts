// Every error answer carries a stable `errorCode` from the one enum (src/shared/error-codes.ts),
// with the HTTP status the enum gives it, in `errorCode` and `data.errorCode`, over REST and tRPC
// alike; the OpenAPI document lists the codes each error status may carry.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type TErrorCode } from '../shared/error-codes';
import { appRouter } from './app-router';
import { openApiDocument } from './openapi';
import type { Client } from './test-app';
import { useTestApp } from './test/use-test-app';

const t = useTestApp({ resetBeforeEach: false });
let admin: Client & { userId: number };
beforeAll(async () => {
  admin = await t.signedIn('admin', 'codes-admin');
});

/** Keeps the admin signed in (the walk signs out, revokes sessions and changes passwords). */
async function ensureAdmin() {
  if ((await admin.rest('GET', '/auth/me')).status !== 200) admin = await t.signedIn('admin');
}

const doc = openApiDocument();
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
  Object.keys(ops as object)
    .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
    .map((method) => ({ method: method.toUpperCase(), path })),
);

interface ErrorAnswer {
  errorCode?: TErrorCode;
  data?: { errorCode?: TErrorCode; httpStatus?: number };
}

/** The answer's code is one of the enum, of the answer's status, and the same in `data`. */
function expectCoded(what: string, status: number, body: ErrorAnswer) {
  const code = body.errorCode;
  expect(code && ERROR_CODES[code], `${what}: ${JSON.stringify(body).slice(0, 200)}`).toBeTruthy();
  expect(ERROR_CODES[code!][0], `${what}: ${code}`).toBe(status);
  expect(body.data?.errorCode, what).toBe(code);
}

describe('error codes', () => {
  it.each([
    ['anonymous', false],
    ['admin', true],
  ])(
    'every REST operation answers a coded error (%s, an unknown id, an empty body)',
    async (_who, asAdmin) => {
      const client = asAdmin ? admin : t.anonymous();
      for (const { method, path } of operations) {
        const url = `/api${path.replace(/\{\w+\}/g, '999999')}`;
        const res = await client.fetch(url, {
          method,
          headers:
            method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' },
          body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        });
        const text = await res.text();
        if (res.status < 400 || !res.headers.get('content-type')?.includes('json')) continue;
        expectCoded(`${method} ${path}`, res.status, JSON.parse(text) as ErrorAnswer);
        if (asAdmin) await ensureAdmin();
      }
    },
  );

  it('every tRPC procedure answers a coded error to an anonymous call', async () => {
    const flat = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    for (const [path, procedure] of Object.entries(flat)) {
      if (procedure._def.type === 'subscription') continue;
      const query = procedure._def.type === 'query';
      const input = encodeURIComponent(JSON.stringify({ json: {} }));
      const res = await t.anonymous().fetch(`/trpc/${path}${query ? `?input=${input}` : ''}`, {
        method: query ? 'GET' : 'POST',
        headers: query ? {} : { 'content-type': 'application/json' },
        body: query ? undefined : JSON.stringify({ json: {} }),
      });
      if (res.status < 400) continue;
      const body = (await res.json()) as { error: { json: ErrorAnswer } };
      expectCoded(path, res.status, body.error.json);
      expect(body.error.json.data?.httpStatus).toBe(res.status);
    }
  });

  it('says the same over both transports: a missing contact, a bad input, a stranger', async () => {
    await ensureAdmin();
    const rest = await admin.rest<ErrorAnswer>('GET', '/contacts/999999');
    expect([rest.status, rest.body.errorCode]).toEqual([404, 'CONTACT_NOT_FOUND']);
    await expect(admin.trpc.admin.contacts.get.query({ id: 999999 })).rejects.toMatchObject({
      data: { errorCode: 'CONTACT_NOT_FOUND', httpStatus: 404 },
    });
    const invalid = await admin.rest<ErrorAnswer>('POST', '/campaigns', { name: '' });
    expect([invalid.status, invalid.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    await expect(
      admin.trpc.admin.campaigns.create.mutate({ name: '', type: 'email' }),
    ).rejects.toMatchObject({ data: { errorCode: 'VALIDATION_FAILED' } });
    const stranger = await t.anonymous().rest<ErrorAnswer>('GET', '/contacts');
    expect([stranger.status, stranger.body.errorCode]).toEqual([401, 'UNAUTHENTICATED']);
    const wrong = await t.anonymous().rest<ErrorAnswer>('POST', '/auth/login', {
      username: 'nobody-here',
      password: 'not the password',
    });
    expect(wrong.body.errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('are listed, per status, on every error the OpenAPI document describes', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const { method, path } of operations) {
      const responses = (doc.paths?.[path] as Record<string, { responses?: object }>)[
        method.toLowerCase()
      ]!.responses as Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        let schema = response.content?.['application/json']?.schema as
          { $ref?: string; properties?: { errorCode?: { enum?: string[] } } } | undefined;
        if (schema?.$ref) schema = schemas[schema.$ref.split('/').pop()!] as typeof schema;
        const codes = schema?.properties?.errorCode?.enum;
        expect(codes, `${method} ${path} ${status}`).toBeDefined();
        for (const code of codes!)
          expect(ERROR_CODES[code as TErrorCode][0], `${method} ${path} ${status} ${code}`).toBe(
            Number(status),
          );
      }
    }
  });
});
