import type { RequestHandler } from 'express';
import { sendApiError } from './send-api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser says come from another site (CSRF defence in
 * depth on top of SameSite=Lax cookies). Clients that send neither header (curl, integrations)
 * are not browsers and pass.
 */
export function sameSiteWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return refuse(res);
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return refuse(res);
      }
      if (host !== req.get('host')) return refuse(res);
    } else if (origin === 'null') return refuse(res);
    next();
  };
}

function refuse(res: Parameters<RequestHandler>[1]) {
  sendApiError(res, 403, 'FORBIDDEN', 'Cross-site requests are not allowed');
}
