// Every error answer's `errorCode`, over REST and tRPC alike: stable names a client branches on
// (the `message` is for people and may be reworded; `code` is only the HTTP-like category). Each
// code has one HTTP status.

/** Each code, its HTTP status and what it means. */
export const ERROR_CODES = {
  VALIDATION_FAILED: [400, 'An input is invalid; data.fieldErrors names each field'],
  BAD_REQUEST: [400, 'The request cannot be done as asked (the message says why)'],
  INVALID_CREDENTIALS: [401, 'The username, password or code is wrong'],
  UNAUTHENTICATED: [401, 'Sign in first (or send a valid integration key)'],
  FORBIDDEN: [403, 'Signed in, but not allowed to do this'],
  NOT_FOUND: [404, 'No such route or record'],
  BOOKING_NOT_FOUND: [404, 'No such booking'],
  CALENDAR_FEED_NOT_FOUND: [404, 'No such calendar feed'],
  CAMPAIGN_NOT_FOUND: [404, 'No such campaign'],
  CONTACT_NOT_FOUND: [404, 'No such contact'],
  DELIVERY_NOT_FOUND: [404, 'No such webhook delivery'],
  INTEGRATION_KEY_NOT_FOUND: [404, 'No such integration key'],
  MESSAGE_NOT_FOUND: [404, 'No such email in the outbox'],
  NOTE_NOT_FOUND: [404, 'No such note'],
  PRIVACY_NOTICE_NOT_FOUND: [404, 'No such privacy notice version'],
  QUARANTINED_SUBMISSION_NOT_FOUND: [404, 'No such quarantined submission'],
  SERVICE_INQUIRY_NOT_FOUND: [404, 'No such service inquiry'],
  SESSION_NOT_FOUND: [404, 'No such session'],
  TASK_NOT_FOUND: [404, 'No such task'],
  USER_NOT_FOUND: [404, 'No such user'],
  WEBHOOK_NOT_FOUND: [404, 'No such webhook endpoint'],
  CONFLICT: [409, 'The record is not in a state that allows this (the message says which)'],
  ALREADY_EXISTS: [409, 'A record with the same unique value already exists'],
  BOOKING_SLOT_TAKEN: [409, 'That time was just taken: pick another'],
  BOOKING_NOT_UPCOMING: [409, 'The call is no longer upcoming'],
  LAST_ADMIN: [409, 'The last administrator cannot be removed or demoted'],
  REQUEST_TIMEOUT: [408, 'The request (its body) took too long to arrive'],
  PAYLOAD_TOO_LARGE: [413, 'The body is larger than the operation takes'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'The body is not of a content type the operation takes'],
  RATE_LIMITED: [429, 'Too many requests: try again after Retry-After seconds'],
  INTERNAL_ERROR: [500, 'Something failed on our side (quote requestId)'],
  UNAVAILABLE: [503, 'Busy or the database is away: try again after Retry-After seconds'],
} as const satisfies Record<string, readonly [number, string]>;

export type TErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as TErrorCode[];

/** The codes answered with `status`. */
export const errorCodesWithStatus = (status: number): TErrorCode[] =>
  ERROR_CODE_NAMES.filter((code) => ERROR_CODES[code][0] === status);

/** The code of an error known only by its category (the tRPC code or its HTTP status). */
export function errorCodeOfCategory(category: string): TErrorCode {
  switch (category) {
    case 'BAD_REQUEST':
    case 'PARSE_ERROR':
      return 'BAD_REQUEST';
    case 'UNAUTHORIZED':
      return 'UNAUTHENTICATED';
    case 'FORBIDDEN':
      return 'FORBIDDEN';
    case 'NOT_FOUND':
    case 'METHOD_NOT_SUPPORTED':
      return 'NOT_FOUND';
    case 'CONFLICT':
      return 'CONFLICT';
    case 'PAYLOAD_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 'TOO_MANY_REQUESTS':
      return 'RATE_LIMITED';
    case 'TIMEOUT':
      return 'REQUEST_TIMEOUT';
    case 'SERVICE_UNAVAILABLE':
      return 'UNAVAILABLE';
    default:
      return 'INTERNAL_ERROR';
  }
}
