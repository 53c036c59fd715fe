import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { pingDatabase } from './db/health.sql';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import type { UploadPaceRule } from './contact-imports/upload-pace';
import { apiDocsRouter } from './http/api-docs';
import { expressPath } from './http/streamed-route';
import { streamedRoutes } from './streamed-routes';
import { sendApiError } from './http/send-api-error';
import { bodilessJson } from './http/bodiless-json';
import { jsonBody, LARGE_BODY_LIMIT } from './http/body-limits';
import { trpcQueryDepth } from './http/json-depth';
import { sameSiteWrites } from './http/same-site-writes';
import { securityHeaders } from './http/security-headers';
import { abortOnlyUnfinished } from './http/abort-only-unfinished';
import { singleWriteResponses } from './http/single-write-response';
import { trpcBatchPolicy } from './http/trpc-batch-policy';
import { requestLogging } from './observability/request-logging';
import { httpMetrics, metricsRoute } from './observability/http-metrics';
import { readinessRoute, type Lifecycle } from './observability/readiness';
import { appRouter } from './app-router';
import type { AppDeps } from './app-deps';
import { contextFactory } from './trpc/context';
import { isDatabaseUnavailable } from './trpc/errors';
import { openApiDocument } from './openapi';
import { keepRestInputTypes } from './trpc/rest-input-types';
import { successStatus } from './trpc/rest-meta';
import type { TRPCError } from '@trpc/server';

export interface AppOptions {
  trustProxy?: boolean | number | string;
  /** Mounts the client: the Vite dev middleware or the built files. */
  frontend?: (app: Express) => void;
  /** Content-Security-Policy header (off under the Vite dev server, which injects inline scripts). */
  csp?: boolean;
  /** Strict-Transport-Security header: production only (it would pin plain-HTTP localhost to HTTPS). */
  hsts?: boolean;
  /** How fast an import upload must arrive (tests shorten the window). */
  importUploadPace?: UploadPaceRule;
  /** The instance's drain state, for the readiness answer (server.ts owns it). */
  lifecycle?: Lifecycle;
  /** GET /metrics is served only with this bearer token (METRICS_TOKEN). */
  metricsToken?: string;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.use(requestLogging(deps.log, appRouter));
  app.use(httpMetrics(appRouter));
  app.get('/metrics', metricsRoute(options.metricsToken));
  app.use(securityHeaders({ csp: options.csp ?? true, hsts: options.hsts ?? false }));

  app.get('/api/health', async (_req, res) => {
    try {
      await pingDatabase(deps.orm);
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch {
      res
        .status(503)
        .set('Cache-Control', 'no-store')
        .json({ status: 'unavailable', message: 'The database is not answering' });
    }
  });

  app.get('/api/health/ready', readinessRoute(deps, options.lifecycle ?? { draining: false }));

  const createContext = contextFactory(deps);
  const onError = ({ error, path }: { error: TRPCError; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR')
      deps.log.error('procedure failed', { path, error: String(error.cause ?? error) });
  };

  app.use(['/api', '/trpc'], sameSiteWrites());
  app.use(
    '/trpc',
    trpcBatchPolicy(),
    trpcQueryDepth(),
    jsonBody('trpc'),
    singleWriteResponses(),
    abortOnlyUnfinished(),
    createExpressMiddleware({ router: appRouter, createContext, onError, maxBatchSize: 10 }),
  );

  app.get('/api/openapi.json', (_req, res) => res.json(openApiDocument(deps.webhookEvents)));
  app.use('/api/docs', apiDocsRouter());
  // Streamed answers trpc-to-openapi cannot send; registered first because its middleware answers
  // 404 to anything it does not match and never passes a request on.
  for (const route of streamedRoutes(options.importUploadPace))
    app[route.method](expressPath(route.path), route.handler(deps));
  keepRestInputTypes(appRouter);
  app.use(
    '/api',
    bodilessJson(),
    jsonBody('rest'),
    abortOnlyUnfinished(),
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext,
      onError,
      maxBodySize: LARGE_BODY_LIMIT,
      responseMeta: successStatus(appRouter),
    }),
  );

  options.frontend?.(app);
  app.use(errorHandler(deps));
  return app;
}

/**
 * Last stop for errors outside the procedures (bad JSON, body too large, the database gone under
 * a plain route): a clear 4xx, or 503 / 500 with a fixed message, never a stack trace or SQL.
 */
function errorHandler(deps: AppDeps): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const unavailable = isDatabaseUnavailable(error);
    const clientStatus =
      typeof error?.status === 'number' && error.status >= 400 && error.status < 500
        ? (error.status as number)
        : null;
    const status = clientStatus ?? (unavailable ? 503 : 500);
    if (status === 500) deps.log.error('request failed', { error: String(error) });
    const message =
      error?.type === 'entity.too.large'
        ? 'Request body too large'
        : error?.type === 'entity.parse.failed'
          ? 'Request body is not valid JSON'
          : status === 503
            ? 'The database is unavailable, please retry shortly'
            : status === 500
              ? 'Internal server error'
              : String(error?.message ?? 'Bad request');
    if (res.headersSent) return res.destroy();
    const code =
      status === 500
        ? 'INTERNAL_SERVER_ERROR'
        : status === 503
          ? 'SERVICE_UNAVAILABLE'
          : status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : 'BAD_REQUEST';
    sendApiError(res, status, code, message);
  };
}
