import type { RequestHandler } from 'express';
import type { generateOpenApiDocument } from 'trpc-to-openapi';
import type { AppDeps } from '../app-deps';

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
type PathItem = NonNullable<NonNullable<OpenApiDocument['paths']>[string]>;
/** One operation of the OpenAPI document. */
export type ApiOperation = NonNullable<PathItem['get']>;

/**
 * A route whose answer (or body) is a stream that the tRPC adapters cannot carry: a CSV file, a
 * calendar file, a whole-table list, an upload. It is declared with its REST description, so the
 * API document (src/server/openapi.ts) lists it from here.
 */
export interface StreamedRoute {
  method: 'get' | 'post';
  /** Its path under /api, as the OpenAPI document writes it: `/contacts/imports/{jobId}/errors/csv`. */
  path: string;
  /** Its description in the API document; absent where a procedure documents the same path. */
  operation?: ApiOperation;
  handler: (deps: AppDeps) => RequestHandler;
}

/** The Express path of a route: /api and its path with `{name}` as `:name`. */
export const expressPath = (path: string) => `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** The answers every admin route may give besides its own. */
export const ADMIN_ROUTE_ANSWERS = {
  '401': { description: 'Not signed in' },
  '403': { description: 'Not an administrator' },
} as const;

/** A CSV file answer. */
export const CSV_FILE = {
  description: 'CSV file',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;
