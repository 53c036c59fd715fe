import { randomUUID } from 'node:crypto';
import {
  createUploadingImport,
  deleteImport,
  markImportQueued,
  storeImportChunk,
} from './import-files.sql';
import { PassThrough } from 'node:stream';
import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  IMPORT_MODES,
  ZImportQuery,
  type TImportAccepted,
} from '../../shared/contact-import.schema';
import { recordAudit, setValues } from '../audit/audit.service';
import { adminRoute } from '../http/admin-route';
import type { StreamedRoute } from '../http/streamed-route';
import { sendTimeout, timesItsOwnBody } from '../http/request-deadline';
import { sendApiError } from '../http/send-api-error';
import { describeZodError } from '../trpc/errors';
import { checkFileStart } from './import-file-check';
import { IMPORT_UPLOAD_PACE, UploadPace, uploadTooSlowMessage } from './upload-pace';
import { CONTACT_IMPORT_QUEUE } from './contact-import.queue';

/** The file is stored in pieces of about this size (one row of contact_import_chunks each). */
const CHUNK_BYTES = 256 * 1024;
export const IMPORT_MAX_BYTES = 1024 ** 3;
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain'];

class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: 'file' | 'mapping' = 'file',
  ) {
    super(message);
  }
}

/**
 * POST /api/contacts/import?mode=all_or_nothing|skip_invalid|upsert with the CSV file as the
 * request body (Content-Type: text/csv). The body is stored as it arrives, never whole in memory;
 * then the import is queued in the same transaction (pg-boss) and the answer is
 * 202 { jobId, statusUrl }. A plain route because the body is a stream, not JSON.
 */
export const contactImportUploadRoute = (pace = IMPORT_UPLOAD_PACE): StreamedRoute => ({
  method: 'post',
  path: '/contacts/import',
  operation: {
    operationId: 'admin-contacts-importStream',
    summary:
      'Import contacts from a CSV file sent as the request body (streamed, up to 1 GB); answers 202 with the job to follow at GET /contacts/imports/{jobId}',
    tags: ['contacts'],
    security: [{ cookieAuth: [] }],
    parameters: [
      {
        name: 'mode',
        in: 'query',
        description:
          'all_or_nothing (default): nothing is stored if any row is invalid; skip_invalid: valid rows are stored; upsert: skip_invalid, and a row whose email (any case) is a contact updates it',
        schema: { type: 'string', enum: [...IMPORT_MODES], default: 'all_or_nothing' },
      },
      {
        name: 'mapping',
        in: 'query',
        description:
          'Which column of the file each field is read from, as JSON, for another CRM\'s export: {"name": ["First Name", "Last Name"], "email": "Email", "company": "Company Name", "phone": "Phone Number", "status": "Lead Status", "owner": "Contact owner"}. Fields: name (one or more columns, joined by a space), email, company, phone, message, source, status (HubSpot, Salesforce and Zoho statuses and lifecycle stages are read as ours), owner (a back-office user\'s email or name; others stay unassigned). name and email are required; a column the file does not have is a 400 naming mapping. Without it, the columns are named after the fields.',
        schema: { type: 'string' },
      },
    ],
    requestBody: {
      required: true,
      content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
    },
    responses: {
      '202': {
        description: 'Queued',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                jobId: { type: 'string', format: 'uuid' },
                statusUrl: { type: 'string' },
              },
              required: ['jobId', 'statusUrl'],
            },
          },
        },
      },
      '400': {
        description:
          'Empty file, not UTF-8 CSV text, header without name and email, a bad mode, or a mapping that is not valid or names a column the file lacks',
      },
      '401': { description: 'Not signed in' },
      '403': { description: 'Not an administrator, or a cross-site request' },
      '413': { description: 'Larger than 1 GB' },
      '415': { description: 'Not sent as text/csv' },
    },
  },
  handler: (deps) =>
    adminRoute(deps, async (em, req, res, actor) => {
      timesItsOwnBody(req);
      const query = ZImportQuery.safeParse(req.query);
      if (!query.success) {
        const field = query.error.issues[0]?.path[0] === 'mapping' ? 'mapping' : 'mode';
        return refuse(res, 400, describeZodError(query.error), field);
      }
      const { mode, mapping } = query.data;
      if (req.headers['content-type'] && !req.is(CSV_TYPES))
        return refuse(
          res,
          415,
          'Send the CSV file itself as the request body, with Content-Type: text/csv',
          'file',
        );
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > IMPORT_MAX_BYTES) return refuse(res, 413, tooLarge(), 'file');

      const jobId = randomUUID();
      const pool = await em.getConnection().getNativeClient();
      await createUploadingImport(pool, jobId, mode, mapping, actor.userId);
      let bytes: number;
      try {
        bytes = await storeBody(req, pace, async (seq, data) => {
          if (seq === 0) {
            const problem = checkFileStart(data, mapping);
            if (problem) throw new UploadRefused(400, problem.message, problem.field);
            // Only a well-formed upload is told that this instance runs no imports (no job queue).
            if (!deps.jobs) throw new UploadRefused(503, 'Imports are not running');
          }
          await storeImportChunk(pool, jobId, seq, data);
        });
        if (bytes === 0) throw new UploadRefused(400, 'The file is empty');
      } catch (error) {
        await deleteImport(pool, jobId);
        if (error instanceof UploadRefused)
          return refuse(res, error.status, error.message, error.field);
        if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
        throw error;
      }

      const queue = deps.jobs!;
      await em.transactional(async (tem: EntityManager) => {
        await markImportQueued(tem, jobId, bytes);
        await queue.sendInTransaction(tem, CONTACT_IMPORT_QUEUE, { importId: jobId });
        await recordAudit(tem, {
          actor: { id: actor.userId, username: actor.username },
          action: 'import',
          entityType: 'contact_import',
          entityId: jobId,
          changes: setValues({ mode, bytes, mapping: mapping ?? undefined }),
          ip: req.ip ?? null,
          userAgent: req.get('user-agent') ?? null,
        });
      });
      const statusUrl = `/api/contacts/imports/${jobId}`;
      const body: TImportAccepted = { jobId, statusUrl };
      res.status(202).location(statusUrl).json(body);
    }),
});

/**
 * Reads the request body into pieces of CHUNK_BYTES and hands each to `store` in order,
 * awaiting it before reading on (so a slow database slows the upload, not memory).
 */
async function storeBody(
  req: Request,
  rule: typeof IMPORT_UPLOAD_PACE,
  store: (seq: number, data: Buffer) => Promise<void>,
): Promise<number> {
  // Read through a stream of our own, so a pace check can end the read while it waits for data.
  const body = req.pipe(new PassThrough());
  const pace = new UploadPace(rule, Date.now());
  const check = setInterval(() => {
    if (pace.tooSlow(Date.now())) body.destroy(new UploadRefused(408, uploadTooSlowMessage(rule)));
  }, 1000);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let seq = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await store(seq++, data);
  };
  try {
    for await (const piece of body as AsyncIterable<Buffer>) {
      pace.received(piece.length);
      total += piece.length;
      if (total > IMPORT_MAX_BYTES) throw new UploadRefused(413, tooLarge());
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
  } finally {
    clearInterval(check);
    req.unpipe(body);
  }
  await flush();
  return total;
}

function tooLarge(): string {
  return `The file is larger than ${IMPORT_MAX_BYTES / 1024 ** 2} MB`;
}

/** A 4xx naming the field (or a 503); the connection closes, as the rest of the body is not read. */
function refuse(res: Response, status: number, message: string, field: string): void {
  if (status === 408) return sendTimeout(res, message);
  res.setHeader('Connection', 'close');
  if (status === 503) return sendApiError(res, status, 'SERVICE_UNAVAILABLE', message);
  const code =
    status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : status === 415
        ? 'UNSUPPORTED_MEDIA_TYPE'
        : 'BAD_REQUEST';
  sendApiError(res, status, code, message, [{ message, path: [field] }]);
}
