// trpc-to-openapi, on every REST call, switches each number, boolean, bigint and date field of the
// procedure's input object (nested objects too) to coercion, by setting `coerce` on the schema
// itself. The change is global and permanent: after one REST call, `{"enabled":"false"}` became
// `true` (Boolean("false")) and `"0x5"` became 5, over REST and tRPC alike. Each such field here
// keeps what its schema declares: `z.coerce.number()` (query strings, path ids) still coerces,
// `z.number()` takes only numbers.
import type { AnyTRPCRouter } from '@trpc/server';

interface Def {
  type: string;
  coerce?: boolean;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);
const pinned = new WeakSet<Def>();

/** Makes the schema's `coerce` read-only, at what it declares; then its parts, as the library walks them. */
function pin(schema: unknown, seen: Set<unknown>): void {
  const def = defOf(schema);
  if (!def || seen.has(def)) return;
  seen.add(def);
  if (COERCIBLE.has(def.type) && !pinned.has(def)) {
    const declared = def.coerce === true;
    Object.defineProperty(def, 'coerce', {
      get: () => declared,
      set: () => {},
      enumerable: true,
    });
    pinned.add(def);
  }
  const parts = [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.left,
    def.right,
    def.valueType,
    ...((def.options as unknown[] | undefined) ?? []),
    ...((def.items as unknown[] | undefined) ?? []),
    ...Object.values((def.shape as Record<string, unknown> | undefined) ?? {}),
  ];
  if (def.type === 'lazy') parts.push((def.getter as () => unknown)());
  for (const part of parts) pin(part, seen);
}

/** Pins the input schemas of every procedure of `router` (idempotent). */
export function keepRestInputTypes(router: AnyTRPCRouter): void {
  const procedures = router._def.procedures as Record<string, { _def: { inputs?: unknown[] } }>;
  const seen = new Set<unknown>();
  for (const { _def } of Object.values(procedures))
    for (const input of _def.inputs ?? []) pin(input, seen);
}
