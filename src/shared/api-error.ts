import type { TErrorCode } from './error-codes';

/**
 * The JSON body of every REST error under `/api`: trpc-to-openapi writes it for procedures, and
 * the few plain Express answers (stream routes, request guards) write the same shape.
 */
export interface TApiError {
  message: string;
  /** The stable code to branch on (ERROR_CODES in error-codes.ts); also in `data.errorCode`. */
  errorCode: TErrorCode;
  /** The category: BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, TOO_MANY_REQUESTS... */
  code: string;
  /** The same code, where tRPC answers carry it too. */
  data?: { errorCode: TErrorCode; code: string };
  /** One entry per input problem when the input was invalid (zod issues: path and message). */
  issues?: { message: string; path?: PropertyKey[] }[];
  /** The request's id (also its X-Request-Id header): quote it when reporting a problem. */
  requestId?: string;
}

/** The answers to a missing session and to a signed-in non-admin, over tRPC and REST alike. */
export const ACCESS_MESSAGES = {
  signInRequired: 'Please sign in',
  adminRequired: 'Only administrators can do this',
} as const;
