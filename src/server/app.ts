import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { CSV_IMPORT_MAX_BYTES } from '../shared/contacts.schema';
import { contactsExportRoute } from './contacts/contacts-export.route';
import { apiDocsRouter } from './http/api-docs';
import { bodilessJson } from './http/bodiless-json';
import { sameSiteWrites } from './http/same-site-writes';
import { securityHeaders } from './http/security-headers';
import { appRouter } from './trpc/app-router';
import { contextFactory, type AppDeps } from './trpc/context';
import { openApiDocument } from './trpc/openapi';
import type { TRPCError } from '@trpc/server';

export interface AppOptions {
  trustProxy?: boolean | number | string;
  /** Mounts the client: the Vite dev middleware or the built files. */
  frontend?: (app: Express) => void;
  /** Content-Security-Policy header (off under the Vite dev server, which injects inline scripts). */
  csp?: boolean;
}

const BODY_LIMIT = CSV_IMPORT_MAX_BYTES + 256 * 1024;

export function createApp(deps: AppDeps, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.use(securityHeaders({ csp: options.csp ?? true }));

  app.get('/api/health', async (_req, res) => {
    try {
      await deps.orm.em.getConnection().execute('select 1');
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch {
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable', message: 'The database is not answering' });
    }
  });

  const createContext = contextFactory(deps);
  const onError = ({ error, path }: { error: TRPCError; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error('procedure failed', { path, error: String(error.cause ?? error) });
  };

  app.use(['/api', '/trpc'], sameSiteWrites());
  app.use('/trpc', express.json({ limit: BODY_LIMIT }), createExpressMiddleware({ router: appRouter, createContext, onError, maxBatchSize: 10 }));

  app.get('/api/openapi.json', (_req, res) => res.json(openApiDocument()));
  app.use('/api/docs', apiDocsRouter());
  app.get('/api/contacts/export/csv', contactsExportRoute(deps));
  app.use(
    '/api',
    bodilessJson(),
    express.json({ limit: BODY_LIMIT }),
    createOpenApiExpressMiddleware({ router: appRouter, createContext, onError, maxBodySize: BODY_LIMIT, responseMeta: undefined }),
  );

  options.frontend?.(app);
  app.use(errorHandler(deps));
  return app;
}

/** Last stop for errors outside the procedures (bad JSON, body too large): a clear 4xx, never a stack trace. */
function errorHandler(deps: AppDeps): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) deps.log.error('request failed', { error: String(error) });
    const message =
      error?.type === 'entity.too.large'
        ? 'Request body too large'
        : error?.type === 'entity.parse.failed'
          ? 'Request body is not valid JSON'
          : status === 500
            ? 'Internal server error'
            : String(error?.message ?? 'Bad request');
    if (res.headersSent) return res.destroy();
    res.status(status).json({ message, code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST' });
  };
}
