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
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** The input field the error is about, when there is one. */
    readonly field?: string,
    /** More the client needs to act on it (e.g. the manage link of the booking it already has). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal that says when to come back: a 429 or 503 sent with Retry-After (retry-after.procedure.ts). */
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
