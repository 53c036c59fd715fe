// Property-based fuzzing of every REST operation in the OpenAPI document: malformed, oversized,
// wrongly typed and hostile inputs never get a 5xx, always a clear 4xx (JSON with a message),
// and a request that is refused leaves the business data exactly as it was.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from './app-router';
import { openApiDocument } from './openapi';
import type { Client } from './test-app';
import { useTestApp } from './test/use-test-app';
import { relaxContactProtections } from './form-guard/contact-form-test-support';

// One database for the whole file: the seeded contacts, campaigns and users stay put, so a
// refused request can be checked to have changed nothing.
const t = useTestApp({ resetBeforeEach: false });
let admin: Client & { userId: number };

interface Operation {
  method: string;
  path: string;
  params: string[];
  bodyFields: string[];
}

const operations: Operation[] = Object.entries(openApiDocument().paths ?? {}).flatMap(
  ([path, ops]) =>
    Object.entries(
      ops as Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        }
      >,
    ).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: Object.keys(
        op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      ),
    })),
);

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  "'; drop table contacts; --",
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '../../../../etc/passwd',
  '%00',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '\uD800',
  '\uFFFF',
  '🙂'.repeat(300),
  'x'.repeat(70_000),
  '__proto__',
  'constructor',
  ' ',
  '',
  // Instants and days past what PostgreSQL or a report takes: year 0, year 10000 by offset.
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '0000-01-01',
];
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ minLength: 300, maxLength: 6000 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    1,
    2,
    3,
    2147483647,
    2147483648,
    -2147483649,
    Number.MAX_SAFE_INTEGER,
    1e308,
    1.5,
    -0,
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(hostileString, hostileNumber), {
    maxKeys: 4,
  }),
  fc.constant({ __proto__: { admin: true } }),
);
/** Lone surrogates cannot be URL-encoded; replace them as a browser would. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const pathParam = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '0',
    '-1',
    '2147483648',
    '1.5',
    '1e309',
    'NaN',
    'abc',
    '%00',
    '%2e%2e',
    ' 1',
    '0x10',
    '99999999999999999999',
  ),
  hostileString.map((s) => encodeURIComponent(wellFormed(s.slice(0, 200)))),
);

/** A body shaped like the operation's (its field names, hostile values), or anything at all. */
function bodyFor(op: Operation): fc.Arbitrary<{ raw: string; contentType: string }> {
  const shaped = fc
    .record(Object.fromEntries(op.bodyFields.map((f) => [f, hostileValue])), { requiredKeys: [] })
    .map((b) => ({ raw: JSON.stringify(b), contentType: 'application/json' }));
  const anything = fc
    .jsonValue({ maxDepth: 3 })
    .map((v) => ({ raw: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  const broken = fc.constantFrom(
    { raw: '{"name": ', contentType: 'application/json' },
    { raw: '{"a":1}', contentType: 'text/plain' },
    { raw: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' },
    { raw: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
    { raw: JSON.stringify({ x: 'y'.repeat(70 * 1024) }), contentType: 'application/json' },
    { raw: '\u0000', contentType: 'application/json' },
  );
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: anything },
    { weight: 1, arbitrary: broken },
  );
}

function requestFor(op: Operation) {
  const ids = fc.array(pathParam, { minLength: 1, maxLength: 1 });
  const query = fc.dictionary(
    fc.constantFrom(...op.params, 'extra', '__proto__'),
    hostileString.map((s) => wellFormed(s.slice(0, 500))),
    { maxKeys: 4 },
  );
  const body = ['POST', 'PUT', 'PATCH'].includes(op.method) ? bodyFor(op) : fc.constant(undefined);
  return fc.record({ ids, query, body }).map(({ ids, query, body }) => {
    const path = op.path.replace(/\{\w+\}/g, () => ids[0]!);
    const qs = new URLSearchParams(query).toString();
    return { url: `/api${path}${qs ? `?${qs}` : ''}`, body };
  });
}

/** A fingerprint of the business data (sessions and security bookkeeping are expected to change). */
async function fingerprint(): Promise<string> {
  const [row] = await t.db.em().execute<{ f: string }[]>(
    `select concat_ws('|',
       (select md5(coalesce(string_agg(c::text, ',' order by id), '')) from contacts c),
       (select md5(coalesce(string_agg(concat_ws(',', u.id, u.username, u.email, u.first_name, u.last_name, u.role, u.is_active, u.password), ',' order by id), '')) from users u),
       (select md5(coalesce(string_agg(s::text, ',' order by id), '')) from service_inquiries s),
       (select md5(coalesce(string_agg(g::text, ',' order by id), '')) from campaigns g),
       (select md5(coalesce(string_agg(concat_ws(',', x.rate_limit_enabled, x.honeypot_enabled, x.bot_detection_enabled, x.suspicious_content_filtering, x.max_submissions_per_hour, x.min_form_fill_time), ','), '')) from security_settings x)) as f`,
  );
  return row!.f;
}

async function send(
  client: Client,
  req: { url: string; body?: { raw: string; contentType: string } },
  method: string,
) {
  const res = await client.fetch(req.url, {
    method,
    headers: req.body ? { 'content-type': req.body.contentType } : {},
    body: req.body?.raw,
  });
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get('content-type') ?? '' };
}

beforeAll(async () => {
  admin = await t.signedIn('admin', 'fuzz-admin');
  await relaxContactProtections(t.db.em());
  for (let i = 0; i < 3; i++) {
    await admin.rest('POST', '/contacts', {
      name: `Seed ${i}`,
      email: `seed${i}@example.com`,
      message: 'seed',
    });
    await admin.rest('POST', '/campaigns', { name: `Campaign ${i}`, type: 'email' });
  }
  await t.signedIn('user', 'fuzz-user');
});

/** Keeps the fuzzing admin signed in (a fuzzed logout or self-edit may end the session). */
async function ensureAdmin() {
  if ((await admin.rest('GET', '/auth/me')).status === 200) return;
  admin = await t.signedIn('admin');
}

const writes = (op: Operation) => op.method !== 'GET' && op.path !== '/auth/logout';

describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
  '%s',
  (_name, op) => {
    it('answers hostile input with a clear 4xx (never 5xx), and a refusal changes nothing', async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(op), fc.boolean(), async (req, asAdmin) => {
          const client = asAdmin ? admin : t.anonymous();
          const before = writes(op) ? await fingerprint() : '';
          const res = await send(client, req, op.method);
          expect(
            res.status,
            `${op.method} ${req.url.slice(0, 200)} BODY ${req.body?.contentType} ${req.body?.raw.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.type).toContain('application/json');
            const body = JSON.parse(res.text) as { message?: unknown };
            expect(typeof body.message).toBe('string');
            expect((body.message as string).length).toBeGreaterThan(0);
            expect(res.text).not.toMatch(/node_modules|\.ts:\d+|at async|select .* from/i);
            if (writes(op))
              expect(await fingerprint(), `${op.method} ${req.url} refused but changed data`).toBe(
                before,
              );
          }
          if (asAdmin) await ensureAdmin();
        }),
        {
          numRuns: op.method === 'GET' ? 25 : 40,
          seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
          endOnFailure: true,
        },
      );
      // 40 requests, each with a sign-in afterwards for the admin's runs (scrypt), beside
      // other test files on a 2-core machine.
    }, 120_000);
  },
);

describe('query strings', () => {
  const withQuery = operations.filter((op) => op.method === 'GET' && op.params.length > 0);
  it.each(withQuery.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: every hostile string in every parameter gets a 2xx or a clear 4xx',
    async (_name, op) => {
      for (const value of HOSTILE_STRINGS) {
        for (const param of [...op.params, 'extra']) {
          const qs = new URLSearchParams({ [param]: wellFormed(value.slice(0, 4000)) });
          const url = `/api${op.path.replace(/\{\w+\}/g, '1')}?${qs.toString()}`;
          const res = await send(admin, { url }, op.method);
          expect(res.status, `${url.slice(0, 120)} -> ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(JSON.parse(res.text)).toHaveProperty('message');
        }
      }
      await ensureAdmin();
    },
  );
});

describe('tRPC batches', () => {
  // At run time `_def.procedures` is flat ('admin.contacts.list' -> procedure); its type is nested.
  const flat = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  const procedures = Object.entries(flat).map(([path, p]) => ({ path, type: p._def.type }));
  const procedure = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...procedures) },
    fc.constantFrom({ path: 'no.such.procedure', type: 'query' }, { path: '', type: 'query' }),
  );

  it('answers any batch (up to 12 calls, hostile inputs, GET or POST) without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ procedure, input: hostileValue }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (calls, asGet, asAdmin) => {
          const input = JSON.stringify(
            Object.fromEntries(calls.map((c, i) => [i, { json: c.input }])),
          );
          const path = calls.map((c) => encodeURIComponent(c.procedure.path)).join(',');
          const url = `/trpc/${path}?batch=1${asGet ? `&input=${encodeURIComponent(input)}` : ''}`;
          const client = asAdmin ? admin : t.anonymous();
          const res = await client.fetch(url, {
            method: asGet ? 'GET' : 'POST',
            headers: asGet ? {} : { 'content-type': 'application/json' },
            body: asGet ? undefined : input,
          });
          const text = await res.text();
          expect(res.status, `${url.slice(0, 200)} -> ${text.slice(0, 300)}`).toBeLessThan(500);
          // 431: Node itself refuses a request line over 16 KB before the app sees it (no body).
          if (res.status === 431) return;
          expect(
            () => JSON.parse(text),
            `${url.slice(0, 200)} -> ${res.status} '${text.slice(0, 100)}'`,
          ).not.toThrow();
          expect(text).not.toMatch(/node_modules|\.ts:\d+|at async|select .* from/i);
          if (asAdmin) await ensureAdmin();
        },
      ),
      { numRuns: 60, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
  });
});

// Attack findings, round 4, item 9: a lone surrogate or a NUL in a text field of a signed-in
// write (a campaign's name, a user's email) passed validation and failed the write as a 500,
// because its audit entry is jsonb. One rule (storableTextProblem, src/shared) now refuses them
// in every input of every operation, over both transports, with a 400 naming the field.
describe('unpaired surrogates and NUL', () => {
  const UNSTORABLE = [
    ['\uD800', 'Must not contain unpaired surrogates (broken UTF-16)'],
    ['x\uDC00', 'Must not contain unpaired surrogates (broken UTF-16)'],
    ['a\u0000b', 'Must not contain NUL characters'],
  ] as const;
  /**
   * The field's value carrying `text`, and where the 400 says the problem is: CSV text is read
   * cell by cell (textCheckedPerValue), so there it names the line and column.
   */
  const carrying = (field: string, text: string) =>
    field === 'csvData'
      ? {
          value: `name,email\n${text},a@example.com\n`,
          named: 'Line 2: name',
          // The CSV reader decodes text as UTF-8, which turns a lone surrogate into U+FFFD:
          // such a cell is stored cleaned, a NUL is refused.
          refused: text.includes('\u0000'),
        }
      : { value: text, named: field, refused: true };

  it('are refused with a 400 naming the field in a write that is otherwise valid', async () => {
    const before = await fingerprint();
    const valid: [string, string, Record<string, unknown>][] = [
      ['POST', '/campaigns', { name: 'Spring', type: 'email' }],
      ['POST', '/users', { username: 'newbie', password: 'long-enough-1', email: 'n@example.com' }],
      ['PATCH', `/users/${admin.userId}`, { firstName: 'Fuzz' }],
      ['POST', '/contacts', { name: 'Ada', email: 'ada@example.com', message: 'Hello' }],
    ];
    for (const [method, path, body] of valid)
      for (const field of Object.keys(body))
        for (const [text, problem] of UNSTORABLE) {
          const res = await admin.rest<{ message: string }>(method, path, {
            ...body,
            [field]: text,
          });
          expect({ path, field, status: res.status, message: res.body.message }).toEqual({
            path,
            field,
            status: 400,
            message: `${field}: ${problem}`,
          });
        }
    expect(await fingerprint()).toBe(before);
    await ensureAdmin();
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    'REST %s: in every body field and query parameter, never a 5xx',
    async (_name, op) => {
      const url = (query = '') => `/api${op.path.replace(/\{\w+\}/g, '1')}${query}`;
      for (const [text, problem] of UNSTORABLE) {
        for (const field of op.bodyFields) {
          const { value, named, refused } = carrying(field, text);
          const res = await send(
            admin,
            {
              url: url(),
              body: { raw: JSON.stringify({ [field]: value }), contentType: 'application/json' },
            },
            op.method,
          );
          expect(res.status, `${field} -> ${res.text.slice(0, 200)}`).toBe(refused ? 400 : 200);
          if (refused) expect(JSON.parse(res.text).message).toContain(`${named}: ${problem}`);
        }
        // A query string carries NUL (%00); a lone surrogate cannot be percent-encoded.
        if (text.includes('\u0000'))
          for (const param of op.params) {
            const res = await send(admin, { url: url(`?${param}=a%00b`) }, op.method);
            expect(res.status, `${param} -> ${res.text.slice(0, 200)}`).toBeLessThan(500);
            if (res.status >= 400) expect(JSON.parse(res.text)).toHaveProperty('message');
          }
      }
      await ensureAdmin();
    },
  );

  it('tRPC: every procedure that takes input refuses them with a 400 naming the field', async () => {
    const flat = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; inputs: { _zod?: { def?: { shape?: object } } }[] } }
    >;
    for (const [path, procedure] of Object.entries(flat)) {
      if (!procedure._def.inputs.length) continue;
      const field = Object.keys(procedure._def.inputs[0]?._zod?.def?.shape ?? { value: 0 })[0]!;
      for (const [text, problem] of UNSTORABLE) {
        const { value, named, refused } = carrying(field, text);
        const input = JSON.stringify({ json: { [field]: value } });
        const query = procedure._def.type === 'query';
        const res = await admin.fetch(
          `/trpc/${path}${query ? `?input=${encodeURIComponent(input)}` : ''}`,
          {
            method: query ? 'GET' : 'POST',
            headers: query ? {} : { 'content-type': 'application/json' },
            body: query ? undefined : input,
          },
        );
        const body = (await res.json()) as { error?: { json?: { message?: string } } };
        expect({ path, status: res.status, message: body.error?.json?.message }).toEqual(
          refused
            ? { path, status: 400, message: expect.stringContaining(`${named}: ${problem}`) }
            : { path, status: 200, message: undefined },
        );
      }
      await ensureAdmin();
    }
  }, 120_000);
});

// Attack findings, round 5, item 7: an instant outside PostgreSQL's range (year 0, or
// 9999-12-31T23:59:59-14:00, year 10000 in UTC) answered 500. Every instant and day an operation
// takes (found in the OpenAPI document) now answers 400 naming the field, over both transports.
describe('instants and days at the bounds', () => {
  const OUT_OF_RANGE = {
    'date-time': ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '1969-12-31T23:59:59Z'],
    day: ['0000-01-01', '1969-12-31'],
  };
  type Kind = keyof typeof OUT_OF_RANGE;
  const kindOf = (schema?: { format?: string; pattern?: string }): Kind | undefined =>
    schema?.format === 'date-time'
      ? 'date-time'
      : schema?.pattern === '^\\d{4}-\\d{2}-\\d{2}$'
        ? 'day'
        : undefined;
  const dated = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(
      ops as Record<
        string,
        {
          parameters?: {
            name: string;
            in: string;
            schema?: { format?: string; pattern?: string };
          }[];
          requestBody?: {
            content?: Record<
              string,
              { schema?: { properties?: Record<string, { format?: string; pattern?: string }> } }
            >;
          };
        }
      >,
    ).flatMap(([method, op]) => [
      ...(op.parameters ?? [])
        .filter((p) => p.in === 'query' && kindOf(p.schema))
        .map((p) => ({
          method: method.toUpperCase(),
          path,
          field: p.name,
          in: 'query',
          kind: kindOf(p.schema)!,
        })),
      ...Object.entries(op.requestBody?.content?.['application/json']?.schema?.properties ?? {})
        .filter(([, schema]) => kindOf(schema))
        .map(([field, schema]) => ({
          method: method.toUpperCase(),
          path,
          field,
          in: 'body',
          kind: kindOf(schema)!,
        })),
    ]),
  );

  it('finds the operations that take one', () => {
    expect(dated.map((d) => `${d.method} ${d.path} ${d.field}`)).toEqual(
      expect.arrayContaining([
        'POST /tasks dueAt',
        'PATCH /tasks/{id} dueAt',
        'GET /bookings from',
        'POST /bookings startsAt',
        'POST /bookings/{id}/reschedule startsAt',
        'GET /analytics/funnel from',
        'GET /contacts/search createdFrom',
      ]),
    );
  });

  it.each(dated.map((d) => [`${d.method} ${d.path} ${d.field}`, d] as const))(
    'REST %s: 400 naming the field at year 0, year 10000 and 1969',
    async (_name, d) => {
      // The fuzzing above may have spent the public booking limits (a 429 comes first).
      await t.db.em().execute('delete from security_rate_limits');
      for (const value of OUT_OF_RANGE[d.kind]) {
        const path = `/api${d.path.replace(/\{\w+\}/g, '1')}`;
        const res = await send(
          admin,
          d.in === 'query'
            ? { url: `${path}?${new URLSearchParams({ [d.field]: value }).toString()}` }
            : {
                url: path,
                body: {
                  raw: JSON.stringify({ [d.field]: value }),
                  contentType: 'application/json',
                },
              },
          d.method,
        );
        const body = JSON.parse(res.text) as { data?: { fieldErrors?: Record<string, string> } };
        expect({ value, status: res.status, error: body.data?.fieldErrors?.[d.field] }).toEqual({
          value,
          status: 400,
          error: expect.stringMatching(/between 1970-01-01 and 9999-12-31/),
        });
      }
      await ensureAdmin();
    },
  );

  it('tRPC: the same for a task, the bookings list and the funnel', async () => {
    for (const dueAt of OUT_OF_RANGE['date-time'])
      await expect(admin.trpc.admin.tasks.create.mutate({ title: 'T', dueAt })).rejects.toThrow(
        /dueAt must be between 1970-01-01 and 9999-12-31/,
      );
    await expect(
      admin.trpc.admin.booking.list.query({ from: '9999-12-31T23:59:59-14:00' }),
    ).rejects.toThrow(/from must be between/);
    await expect(
      admin.trpc.analytics.funnel.query({ from: '0000-01-01', to: '2026-01-01' }),
    ).rejects.toThrow(/from must be between/);
  });
});
