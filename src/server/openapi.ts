import { generateOpenApiDocument } from 'trpc-to-openapi';
import { CONTACT_STATUSES } from '../shared/contacts.schema';
import { IMPORT_MODES } from '../shared/contact-import.schema';
import { SESSION_COOKIE } from './auth/session';
import { appRouter } from './app-router';
import { applyApiConventions } from './trpc/openapi-conventions';
import { creatingProcedures } from './trpc/rest-meta';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
let cached: OpenApiDocument | undefined;

/** The REST API description (OpenAPI 3.1), generated from the same procedures that serve it. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildDocument();
  return cached;
}

function buildDocument(): OpenApiDocument {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Convoza API',
    description:
      'REST face of the Convoza tRPC procedures. Admin operations need the session cookie set by POST /api/auth/login. ' +
      'TypeScript clients can use /trpc with the exported AppRouter type instead.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
  });
  applyCreatedStatus(doc, creatingProcedures(appRouter));
  // The CSV download is a plain streaming route (it cannot be JSON); describe it by hand.
  doc.paths ??= {};
  doc.paths['/contacts/export/csv'] = {
    get: {
      operationId: 'admin-contacts-exportCsv',
      summary:
        'Download contacts as CSV (contacts-YYYY-MM-DD.csv): those matching the filters, the ids given, or every contact',
      tags: ['contacts'],
      security: [{ cookieAuth: [] }],
      parameters: [
        { name: 'status', in: 'query', schema: { type: 'string', enum: [...CONTACT_STATUSES] } },
        { name: 'search', in: 'query', schema: { type: 'string', maxLength: 200 } },
        {
          name: 'ownerId',
          in: 'query',
          description: 'A user id, "me" or "unassigned"',
          schema: { type: 'string' },
        },
        {
          name: 'ids',
          in: 'query',
          description: 'Contact ids separated by commas (at most 5000); overrides the filters',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
        '400': { description: 'A filter is invalid (the message names it)' },
        '401': { description: 'Not signed in' },
        '403': { description: 'Not an administrator' },
        '503': {
          description:
            'Three exports are already running (Retry-After gives the seconds to wait), or the database failed before the first byte; retry',
          headers: { 'Retry-After': { schema: { type: 'integer' } } },
        },
      },
    },
  };
  doc.paths['/contacts/import'] = {
    post: {
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
            'Empty file, not UTF-8 CSV text, header without name and email, or a bad mode',
        },
        '401': { description: 'Not signed in' },
        '403': { description: 'Not an administrator, or a cross-site request' },
        '413': { description: 'Larger than 1 GB' },
        '415': { description: 'Not sent as text/csv' },
      },
    },
  };
  doc.paths['/contacts/imports/{jobId}/errors/csv'] = {
    get: {
      operationId: 'admin-contacts-importErrorsCsv',
      summary: 'Every bad row of an import as CSV (line,reason)',
      tags: ['contacts'],
      security: [{ cookieAuth: [] }],
      parameters: [
        { name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      responses: {
        '200': { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
        '400': { description: 'jobId is not a UUID' },
        '401': { description: 'Not signed in' },
        '403': { description: 'Not an administrator' },
        '404': { description: 'No such import' },
      },
    },
  };
  doc.paths['/audit-log/export/csv'] = {
    get: {
      operationId: 'admin-auditLog-exportCsv',
      summary: 'Download the audit log as CSV (audit-log-YYYY-MM-DD.csv), with the list filters',
      tags: ['audit log'],
      security: [{ cookieAuth: [] }],
      parameters: [
        { name: 'actorId', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'entityType', in: 'query', schema: { type: 'string', maxLength: 50 } },
        { name: 'action', in: 'query', schema: { type: 'string', maxLength: 50 } },
      ],
      responses: {
        '200': { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
        '400': { description: 'A filter is invalid (the message names it)' },
        '401': { description: 'Not signed in' },
        '403': { description: 'Not an administrator' },
      },
    },
  };
  applyApiConventions(doc);
  return doc;
}

/** A creating operation's success is documented as 201 (what the REST answer sends). */
function applyCreatedStatus(doc: OpenApiDocument, creating: Set<string>) {
  const operationIds = new Set([...creating].map((path) => path.replaceAll('.', '-')));
  for (const path of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(path ?? {}) as {
      operationId?: string;
      responses?: Record<string, unknown>;
    }[]) {
      if (!operation?.responses || !operationIds.has(operation.operationId ?? '')) continue;
      const { '200': ok, ...rest } = operation.responses;
      operation.responses = { '201': ok, ...rest };
    }
}
