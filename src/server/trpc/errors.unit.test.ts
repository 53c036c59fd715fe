import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toTRPCError } from './errors';

// Which side a schema failure is blamed on: the caller's input, or our own answer.
describe('toTRPCError', () => {
  const zodError = z.object({ rate: z.number().max(1) }).safeParse({ rate: 2 }).error!;

  it('makes refused input a 400 naming the field', () => {
    const error = toTRPCError(new TRPCError({ code: 'BAD_REQUEST', cause: zodError }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('rate: Too big: expected number to be <=1');
  });

  it('keeps an answer that fails its own schema a server error', () => {
    const error = toTRPCError(
      new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Output validation failed',
        cause: zodError,
      }),
    );
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
