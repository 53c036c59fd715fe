import type { generateOpenApiDocument } from 'trpc-to-openapi';
import { ERROR_CODE_NAMES, ERROR_CODES, errorCodesWithStatus } from '../../shared/error-codes';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;

// Answers several operations share.
const CROSS_SITE = { '403': 'Cross-site request' };
const SIGN_IN_LIMIT = { '429': 'Too many sign-in attempts (see Retry-After)' };
const BOOKING_LIMIT = {
  '429': 'Too many booking requests from this network or with this link (see Retry-After)',
};
const BOOKING_OFF = { '403': 'Booking is not available' };
const LINK_INVALID = { '401': 'The booking link is not valid or has expired' };
const NO_LINKED_BOOKING = { '404': 'No booking behind this link' };

/**
 * Statuses the generator cannot see: those middleware answers before the procedure runs (the
 * cross-site write guard's 403, the throttles' 429 with Retry-After, the integration key check's
 * 401) and those of POST actions on one record. src/server/trpc/openapi-client.test.ts calls
 * every operation and fails on a status missing here.
 */
const NOT_GENERATED: Record<string, Record<string, string>> = {
  'public-contact-submit': {
    '401': 'Wrong or revoked integration key (Authorization: Bearer)',
    '403': 'Refused by a protection of the Security Center, or a cross-site request',
    '429': 'Hourly limit for this address or key reached (see Retry-After)',
  },
  'public-contact-formToken': {
    '429': 'Too many tokens for this network in 10 minutes (see Retry-After)',
  },
  'auth-login': { ...CROSS_SITE, ...SIGN_IN_LIMIT },
  'auth-loginSecondFactor': { ...CROSS_SITE, ...SIGN_IN_LIMIT },
  'auth-logout': CROSS_SITE,
  'auth-twoFactorSetup': { '429': 'Too many wrong passwords (see Retry-After)' },
  'auth-twoFactorDisable': { '429': 'Too many wrong passwords or codes (see Retry-After)' },
  'admin-users-resetTwoFactor': { '404': 'No such user' },
  'public-booking-manage': {
    '429': 'Too many booking requests from this network (see Retry-After)',
  },
  'public-booking-slots': { ...BOOKING_LIMIT, ...LINK_INVALID, ...BOOKING_OFF },
  'public-booking-create': {
    ...BOOKING_LIMIT,
    ...LINK_INVALID,
    ...BOOKING_OFF,
    '409': 'The time was just taken, or the contact already has an upcoming call (`manageUrl`)',
  },
  'public-booking-reschedule': {
    ...BOOKING_LIMIT,
    ...BOOKING_OFF,
    ...NO_LINKED_BOOKING,
    '409': 'The time was just taken, or the booking is no longer upcoming',
  },
  'admin-booking-reschedule': {
    '404': 'No such booking',
    '409': 'The time was just taken, or the call is no longer upcoming',
  },
  'admin-booking-cancel': { '404': 'No such booking', '409': 'The call is no longer upcoming' },
  'admin-booking-setOutcome': { '409': 'The call was cancelled or has not started yet' },
  'public-booking-cancel': {
    ...BOOKING_LIMIT,
    ...NO_LINKED_BOOKING,
    '409': 'The booking is no longer upcoming',
  },
  // POST actions on one record: the generator lists 404 only for GET, PUT, PATCH and DELETE.
  'admin-booking-addCalendarFeed': { '404': 'No such user' },
  'admin-booking-refreshCalendarFeed': { '404': 'No such user or calendar' },
  'admin-booking-regenerateCalendarSubscription': { '404': 'No such user' },
  'admin-campaigns-duplicate': { '404': 'No such campaign' },
  'admin-quarantine-release': { '404': 'No such quarantined submission (or released already)' },
  'admin-notifications-retry': {
    '404': 'No such message',
    '409': 'The message is sent, queued or held back (only failed messages are retried)',
  },
  'admin-webhooks-retryDelivery': {
    '404': 'No such delivery',
    '409': 'The delivery is not failed (only failed deliveries are retried)',
  },
};

/** `errorCode` of an error body: the codes of `status`, or every one (src/shared/error-codes.ts). */
function errorCodeProperty(status?: number) {
  const codes = status === undefined ? ERROR_CODE_NAMES : errorCodesWithStatus(status);
  return {
    type: 'string',
    enum: codes,
    description: `The stable code to branch on (also in data.errorCode): ${codes
      .map((code) => `${code}: ${ERROR_CODES[code][1]}`)
      .join('; ')}.`,
  } as const;
}

/** The JSON error body every REST error has (src/shared/api-error.ts). */
const errorBody = (status: number) => ({
  type: 'object' as const,
  properties: {
    message: { type: 'string' as const },
    errorCode: errorCodeProperty(status),
    code: { type: 'string' as const },
  },
  required: ['message', 'errorCode', 'code'],
});

type ErrorSchema = {
  $ref?: string;
  properties?: Record<string, unknown>;
  required?: string[];
  example?: Record<string, unknown>;
};

/**
 * Every error an operation answers names the stable codes of its status: the generator's shared
 * bodies (`error.NOT_FOUND`, ...) get `errorCode`, an answer described without a body gets the
 * API's error body.
 */
function codeErrorResponses(doc: OpenApiDocument, responses: Record<string, unknown>) {
  for (const [key, value] of Object.entries(responses)) {
    const status = Number(key);
    if (!(status >= 400)) continue;
    const response = value as { content?: Record<string, { schema?: ErrorSchema }> };
    const json = response.content?.['application/json'];
    if (!json?.schema) {
      response.content = { 'application/json': { schema: errorBody(status) } };
      continue;
    }
    const schema = json.schema.$ref
      ? (doc.components?.schemas?.[json.schema.$ref.split('/').pop()!] as ErrorSchema | undefined)
      : json.schema;
    if (!schema?.properties || schema.properties.errorCode) continue;
    schema.properties.errorCode = errorCodeProperty(status);
    schema.required = [...(schema.required ?? []), 'errorCode'];
    if (schema.example) schema.example.errorCode = errorCodesWithStatus(status)[0];
  }
}

/**
 * What integrators' tools expect of the document beyond what trpc-to-openapi writes: public
 * operations say they need no credentials (`security: []`), every status an operation really
 * answers is listed, and the API states its licence.
 */
export function applyApiConventions(doc: OpenApiDocument): void {
  doc.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };
  for (const path of Object.values(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = path?.[method];
      if (!operation) continue;
      operation.security ??= [];
      const extra = NOT_GENERATED[operation.operationId ?? ''] ?? {};
      for (const [status, description] of Object.entries(extra))
        operation.responses = {
          ...operation.responses,
          [status]: operation.responses?.[status] ?? {
            description,
            content: { 'application/json': { schema: errorBody(Number(status)) } },
          },
        };
      codeErrorResponses(doc, operation.responses ?? {});
    }
  }
}
