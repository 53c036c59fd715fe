import { generateOpenApiDocument } from 'trpc-to-openapi';
import { SESSION_COOKIE } from './auth/session';
import { appRouter } from './app-router';
import { applyApiConventions } from './trpc/openapi-conventions';
import { successStatuses } from './trpc/rest-meta';
import type { SuccessStatus } from './trpc/trpc';
import { streamedRoutes } from './streamed-routes';

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
  applySuccessStatus(doc, successStatuses(appRouter));
  // The streamed routes (CSV files, the upload) are described where they are declared.
  doc.paths ??= {};
  for (const { path, method, operation } of streamedRoutes())
    if (operation) doc.paths[path] = { ...doc.paths[path], [method]: operation };
  applyApiConventions(doc);
  return doc;
}

/** A success other than 200 is documented as it is sent: 201 with the body, 204 without one. */
function applySuccessStatus(doc: OpenApiDocument, statuses: Map<string, SuccessStatus>) {
  const byOperation = new Map(
    [...statuses].map(([path, status]) => [path.replaceAll('.', '-'), status]),
  );
  for (const path of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(path ?? {}) as {
      operationId?: string;
      responses?: Record<string, unknown>;
    }[]) {
      const status = byOperation.get(operation?.operationId ?? '');
      if (!operation?.responses || !status) continue;
      const { '200': ok, ...rest } = operation.responses;
      operation.responses =
        status === 201
          ? { '201': ok, ...rest }
          : { '204': { description: 'Done; no body' }, ...rest };
    }
}
