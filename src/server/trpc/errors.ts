import { TRPCError } from '@trpc/server';
import {
  ConnectionException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { ZodError } from 'zod';
import { AppError } from '../errors';
import { errorCodeOfCategory, type TErrorCode } from '../../shared/error-codes';

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

/**
 * The stable code of an error answer (src/shared/error-codes.ts): the domain error's own, else
 * what the input, the database or the category says.
 */
export function errorCodeOf(error: TRPCError): TErrorCode {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.errorCode;
  if (cause instanceof InputValidationError || cause instanceof ZodError)
    return 'VALIDATION_FAILED';
  if (cause instanceof UniqueConstraintViolationException) return 'ALREADY_EXISTS';
  return errorCodeOfCategory(error.code);
}

/** The one place domain and database errors become tRPC errors (and so HTTP statuses). */
export function toTRPCError(error: unknown): TRPCError {
  // Input the schema refused is the caller's mistake; an answer that fails its own schema
  // (tRPC's output check, INTERNAL_SERVER_ERROR) is ours and stays a 500.
  if (
    error instanceof TRPCError &&
    error.code === 'BAD_REQUEST' &&
    error.cause instanceof ZodError
  ) {
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

/** Node's socket errors: no server, or none reachable. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's refusals of a connection or of all work, by SQLSTATE: 08 connection exceptions,
 * 53 insufficient resources (too many clients, out of memory or disk), 57P operator intervention
 * (shutting down, starting up), 3D000 no such database, 28 authentication refused. The app can do
 * nothing but wait for the database: 503, never 500.
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P|3D000|28)/;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error instanceof ConnectionException) return true;
  const e = error as { code?: string; message?: string; cause?: unknown } | null;
  if (e?.code && (UNAVAILABLE_SOCKET_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code)))
    return true;
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not currently accepting connections/i.test(
      e?.message ?? '',
    )
  )
    return true;
  // The ORM wraps the driver's error (a few levels at most).
  return depth < 3 && e?.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}
