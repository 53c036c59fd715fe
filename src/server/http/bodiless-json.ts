import type { RequestHandler } from 'express';

/**
 * The product's fetch helper sends no Content-Type when there is no body (e.g. POST /api/auth/logout).
 * Treat an empty write as an empty JSON object so the REST layer does not answer 415.
 */
export function bodilessJson(): RequestHandler {
  return (req, _res, next) => {
    const hasBody =
      Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!req.get('content-type') && !hasBody && ['POST', 'PATCH', 'PUT'].includes(req.method)) {
      req.headers['content-type'] = 'application/json';
      req.body = {};
    }
    next();
  };
}
