// Attack findings, round 3, item 5: `POST /api/contacts/bulk {"action":"delete","filter":
// {"stauts":"converted"}}` deleted every contact, the typo ignored. Every input of a signed-in
// write is now strict at every depth: an unknown key is a 400 naming it, over both transports.
// Query strings and the public contact submission (integrations send extra fields) stay lenient.
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { appRouter } from '../app-router';

/** Writes anyone may call: they keep ignoring what they do not know. */
const PUBLIC_WRITES = ['public.contact.submit', 'auth.login', 'auth.logout'];

interface AnyDef {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: AnyDef } })._zod.def;

/** The paths of every object schema in `schema` that does not refuse unknown keys. */
function lenientObjects(schema: unknown, path = '(input)', seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (s: unknown, p = path) => lenientObjects(s, p, seen);
  switch (def.type) {
    case 'object': {
      const own = def.catchall && defOf(def.catchall).type === 'never' ? [] : [path];
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      return [...own, ...Object.entries(shape).flatMap(([k, v]) => inner(v, `${path}.${k}`))];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return inner(def.valueType, `${path}{}`);
    case 'tuple':
      return (def.items as unknown[]).flatMap((i, n) => inner(i, `${path}[${n}]`));
    case 'lazy':
      return inner((def.getter as () => unknown)());
    default:
      return [];
  }
}

describe('strict inputs', () => {
  it('every signed-in write refuses unknown keys at every depth', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; inputs: z.ZodType[] } }
    >;
    const writes = Object.entries(procedures).filter(
      ([path, p]) => p._def.type === 'mutation' && !PUBLIC_WRITES.includes(path),
    );
    expect(writes.length).toBeGreaterThan(30);
    const lenient = writes.flatMap(([path, p]) =>
      p._def.inputs.flatMap((input) => lenientObjects(input).map((at) => `${path} ${at}`)),
    );
    expect(lenient).toEqual([]);
  });

  it('the walker finds a lenient object, nested or not (the check above can fail)', async () => {
    const { z: zod } = await import('zod');
    expect(lenientObjects(zod.object({ a: zod.string() }))).toEqual(['(input)']);
    expect(
      lenientObjects(
        zod.strictObject({ f: zod.object({ s: zod.string() }).optional() }).refine(() => true),
      ),
    ).toEqual(['(input).f']);
  });

  describe('over both transports', () => {
    const t = useTestApp();
    const admin = useSignedIn(t, 'admin');

    it('a typo in a bulk filter is a 400 naming the key, and nothing is deleted', async () => {
      await admin.rest('POST', '/contacts/import/csv', {
        csvData: 'name,email,status\nA,a@x.io,converted\nB,b@x.io,new\n',
      });
      const rest = await admin.rest<{ message: string; code: string }>('POST', '/contacts/bulk', {
        action: 'delete',
        filter: { stauts: 'converted' },
      });
      expect(rest.status).toBe(400);
      expect(rest.body.message).toBe('filter: Unknown field "stauts"');
      await expect(
        admin.trpc.admin.contacts.bulk.mutate({
          action: 'delete',
          filter: { stauts: 'converted' } as never,
        }),
      ).rejects.toMatchObject({
        message: 'filter: Unknown field "stauts"',
        data: { httpStatus: 400 },
      });
      const top = await admin.rest<{ message: string }>('POST', '/contacts/bulk', {
        action: 'delete',
        ids: [1],
        confirm: true,
      });
      expect(top.status).toBe(400);
      expect(top.body.message).toBe('Unknown field "confirm"');
      const left = await admin.rest<{ total: number }>('GET', '/contacts/search');
      expect(left.body.total).toBe(2);
    });

    it('a path-and-body write (PATCH /users/{id}) refuses an unknown key too', async () => {
      const res = await admin.rest<{ message: string }>('PATCH', `/users/${admin.userId}`, {
        username: 'renamed',
        email: 'renamed@example.com',
        isAdmin: true,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown field "isAdmin"');
    });

    it('query strings and the public submission still ignore what they do not know', async () => {
      expect((await admin.rest('GET', '/contacts/search?status=new&utm=x')).status).toBe(200);
      expect((await admin.rest('GET', '/audit-log?limit=5&cacheBuster=1')).status).toBe(200);
    });
  });
});
