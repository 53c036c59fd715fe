import { errorCodeOfCategory, type TErrorCode } from '../shared/error-codes';

/**
 * Domain errors thrown by services. Services never see HTTP or tRPC; one middleware
 * (trpc/errors.ts) maps these codes to tRPC codes and so to HTTP statuses. Each also carries its
 * stable `errorCode` (src/shared/error-codes.ts): by default the category's (VALIDATION_FAILED for a
 * bad request naming a field); `.as(code)` names a more precise one of the same HTTP status.
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
  /** What a client branches on (the message is for people). */
  errorCode: TErrorCode;

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
    this.errorCode =
      field && code === 'BAD_REQUEST' ? 'VALIDATION_FAILED' : errorCodeOfCategory(code);
  }

  /** This error with a more precise code (of the same HTTP status). */
  as(errorCode: TErrorCode): this {
    this.errorCode = errorCode;
    return this;
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

/** What notFound can say is missing, and the code each answers. */
const NOT_FOUND_CODES = {
  Booking: 'BOOKING_NOT_FOUND',
  'Calendar feed': 'CALENDAR_FEED_NOT_FOUND',
  Campaign: 'CAMPAIGN_NOT_FOUND',
  Contact: 'CONTACT_NOT_FOUND',
  Delivery: 'DELIVERY_NOT_FOUND',
  'Integration key': 'INTEGRATION_KEY_NOT_FOUND',
  Message: 'MESSAGE_NOT_FOUND',
  Note: 'NOTE_NOT_FOUND',
  'Service inquiry': 'SERVICE_INQUIRY_NOT_FOUND',
  'Privacy notice version': 'PRIVACY_NOTICE_NOT_FOUND',
  'Quarantined submission': 'QUARANTINED_SUBMISSION_NOT_FOUND',
  Session: 'SESSION_NOT_FOUND',
  Task: 'TASK_NOT_FOUND',
  User: 'USER_NOT_FOUND',
  Webhook: 'WEBHOOK_NOT_FOUND',
} as const satisfies Record<string, TErrorCode>;

export type NotFoundSubject = keyof typeof NOT_FOUND_CODES;

export const notFound = (what: NotFoundSubject, id: number | string) =>
  new AppError('NOT_FOUND', `${what} ${id} was not found`).as(NOT_FOUND_CODES[what]);
