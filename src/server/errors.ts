/**
 * Domain errors thrown by services. Services never see HTTP or tRPC; one middleware
 * (trpc/errors.ts) maps these codes to tRPC codes and so to HTTP statuses.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The input field the error is about, when there is one. */
  readonly field?: string;
  /** More the client needs to act on it (e.g. the manage link of the booking it already has). */
  readonly details?: Record<string, string>;

  constructor(
    code: AppErrorCode,
    message: string,
    field?: string,
    details?: Record<string, string>,
  ) {
    // An answer to the client, not a fault: where it was thrown is never printed, and a trace
    // would be built for every refusal (tRPC copies each error's stack, formatting it through
    // the source maps; a crowd of 409s pays that ~200 times a second).
    const traceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = traceLimit;
    this.name = 'AppError';
    this.code = code;
    this.field = field;
    this.details = details;
  }
}

/** A refusal that says when to come back: a 429 or 503 sent with Retry-After (rate-limit/retry-after.service.ts). */
export class RetryLaterError extends AppError {
  constructor(
    code: 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
    this.name = 'RetryLaterError';
  }
}

export const notFound = (what: string, id: number | string) =>
  new AppError('NOT_FOUND', `${what} ${id} was not found`);
