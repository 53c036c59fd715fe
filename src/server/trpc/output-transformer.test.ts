import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { transformer } from './output-transformer';

const roundTrip = (value: unknown) =>
  superjson.deserialize(
    transformer.output.serialize(value) as Parameters<typeof superjson.deserialize>[0],
  );

describe('tRPC output transformer', () => {
  it('sends plain JSON as superjson does, without a meta walk', () => {
    const page = { items: [{ id: 1, name: 'Ada', company: null, ok: true }], nextCursor: null };
    expect(transformer.output.serialize(page)).toEqual(superjson.serialize(page));
    expect(transformer.output.serialize(page)).toEqual({ json: page });
  });

  it('keeps what plain JSON cannot carry (dates, undefined, NaN, -0, big integers, maps)', () => {
    const value = {
      at: new Date('2026-11-25T00:00:00.000Z'),
      missing: undefined,
      nan: Number.NaN,
      negativeZero: -0,
      big: 12n,
      map: new Map([['a', 1]]),
      nested: [{ set: new Set([1]) }],
    };
    expect(roundTrip(value)).toEqual(value);
  });

  it('decodes to the same value as superjson for any mix of values', () => {
    const leaf = fc.oneof(
      fc.string(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: true }),
      fc.bigInt(),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node')),
        fc.dictionary(fc.string(), tie('node')),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (value) => {
        // Either both refuse the value (superjson's prototype-pollution guard) or both decode it alike.
        let expected: unknown;
        try {
          expected = superjson.deserialize(superjson.serialize(value));
        } catch (refused) {
          expect(() => roundTrip(value)).toThrow((refused as Error).message);
          return;
        }
        expect(roundTrip(value)).toEqual(expected);
      }),
      { seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });
});
