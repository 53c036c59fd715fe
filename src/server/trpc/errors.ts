import { TRPCError } from '@trpc/server';
import {
  ConnectionException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { ZodError } from 'zod';
import { AppError } from '../errors';

/**
 * Invalid input, with the zod issues kept for the error shape. Not named ZodError on purpose:
 * trpc-to-openapi replaces a ZodError's message with a generic 'Input validation failed', and
 * REST clients deserve the same "field: message" text that tRPC clients get.
 */
export class InputValidationError extends Error {
  constructor(readonly zodError: ZodError) {
    super(describeZodError(zodError));
    this.name = 'InputValidationError';
  }
}

/** "field: message; other: message" from a zod error, so both transports name the field. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** The one place domain and database errors become tRPC errors (and so HTTP statuses). */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError && error.cause instanceof ZodError) {
    const cause = new InputValidationError(error.cause);
    return new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
  }
  if (error instanceof TRPCError) {
    const cause = error.cause;
    if (cause && !(cause instanceof TRPCError) && error.code === 'INTERNAL_SERVER_ERROR')
      return toTRPCError(cause);
    return error;
  }
  if (error instanceof AppError)
    return new TRPCError({ code: error.code, message: error.message, cause: error });
  if (error instanceof UniqueConstraintViolationException) {
    return new TRPCError({
      code: 'CONFLICT',
      message: 'A record with the same unique value already exists',
      cause: error,
    });
  }
  if (error instanceof ForeignKeyConstraintViolationException) {
    return new TRPCError({
      code: 'BAD_REQUEST',
      message: 'A referenced record does not exist',
      cause: error,
    });
  }
  if (isDatabaseUnavailable(error)) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable, please retry shortly',
      cause: error,
    });
  }
  return new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Internal server error',
    cause: error,
  });
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionException) return true;
  const e = error as { code?: string; message?: string } | null;
  if (e?.code && UNAVAILABLE_CODES.has(e.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    e?.message ?? '',
  );
}
