import { generateOpenApiDocument } from 'trpc-to-openapi';
import { CONTACT_STATUSES } from '../../shared/contacts.schema';
import { SESSION_COOKIE } from '../auth/session';
import { appRouter } from './app-router';

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
  return doc;
}
