import express, { type Request, type RequestHandler } from 'express';
import { CSV_IMPORT_MAX_BYTES } from '../../shared/contacts.schema';
import { LARGE_BODY_PROCEDURE } from '../../shared/trpc-batching';
import { jsonDepthExceeds, JsonTooDeepError, verifyJsonDepth } from './json-depth';
import { isJsonObjectOffThread, parseJsonOffThread } from './json-off-thread';
import { trpcProcedures } from './trpc-batch-policy';

/** The CSV import carries up to 5 MB of text plus JSON overhead. */
export const LARGE_BODY_LIMIT = CSV_IMPORT_MAX_BYTES + 256 * 1024;
/** Every other request body (a contact form, a login, a settings save) is a few kilobytes. */
export const SMALL_BODY_LIMIT = 64 * 1024;

const small = express.json({ limit: SMALL_BODY_LIMIT, verify: verifyJsonDepth });
const largeRaw = express.raw({ type: 'application/json', limit: LARGE_BODY_LIMIT });

/** The error express.json gives for malformed JSON, so one handler answers both the same. */
const notJson = () =>
  Object.assign(new Error('not JSON'), { status: 400, type: 'entity.parse.failed' });

/**
 * trpc-to-openapi builds a fetch Request from `req` only to take its abort signal, and that
 * Request JSON-encodes `req.body` again: 50 ms of event loop for a 5 MB import, for bytes nobody
 * reads. A `toJSON` that returns undefined leaves that Request bodiless; it is not enumerable,
 * so the procedure's input (the body's own properties) never sees it.
 */
function withoutReEncoding(body: object): object {
  return Object.defineProperty(body, 'toJSON', { value: () => undefined, enumerable: false });
}

/** express.json for the large REST body, with the parsing moved off the event loop. */
const largeRest: RequestHandler = (req, res, next) =>
  largeRaw(req, res, (error?: unknown) => {
    if (error || !Buffer.isBuffer(req.body)) return next(error);
    const raw: Buffer = req.body;
    if (raw.length === 0) {
      req.body = {};
      return next();
    }
    if (jsonDepthExceeds(raw)) return next(new JsonTooDeepError());
    parseJsonOffThread(raw).then(
      (value) => {
        // Like express.json's strict mode: only an object or array is a body.
        if (typeof value !== 'object' || value === null) return next(notJson());
        req.body = withoutReEncoding(value);
        next();
      },
      () => next(notJson()),
    );
  });

/**
 * The large tRPC body is checked off the event loop but handed on as text: tRPC's adapter parses
 * a string body itself (once), where a parsed one would be JSON-encoded and parsed again.
 */
const largeTrpc: RequestHandler = (req, res, next) =>
  largeRaw(req, res, (error?: unknown) => {
    if (error || !Buffer.isBuffer(req.body)) return next(error);
    const raw: Buffer = req.body;
    if (raw.length === 0) {
      req.body = undefined;
      return next();
    }
    if (jsonDepthExceeds(raw)) return next(new JsonTooDeepError());
    isJsonObjectOffThread(raw).then(
      (isObject) => {
        if (!isObject) return next(notJson());
        req.body = raw.toString('utf8');
        next();
      },
      () => next(notJson()),
    );
  });

/** Only a request that is the CSV import and nothing else gets the large limit (a batch never does). */
function isCsvImport(req: Request, transport: 'rest' | 'trpc'): boolean {
  if (transport === 'rest') return req.method === 'POST' && req.path === '/contacts/import/csv';
  const procedures = trpcProcedures(req);
  return procedures.length === 1 && procedures[0] === LARGE_BODY_PROCEDURE;
}

/**
 * JSON bodies with a limit per operation: only the CSV import may send megabytes, so anonymous
 * clients cannot make every public endpoint parse 5 MB bodies. Deeply nested JSON is refused
 * before parsing (it overflows the stack in validation: a 500 instead of a 400).
 */
export function jsonBody(transport: 'rest' | 'trpc'): RequestHandler {
  const large = transport === 'rest' ? largeRest : largeTrpc;
  return (req, res, next) => (isCsvImport(req, transport) ? large : small)(req, res, next);
}
