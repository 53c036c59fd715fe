import { readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Express, Request, Response } from 'express';

/** Old footer slug that once pointed at the listing; it lives at the detail page now. */
const REDIRECTS: Record<string, string> = {
  '/services/ai-inbound-vetting': '/services/ai-inbound-lead-vetting',
};

function listFiles(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.add(relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return files;
}

/**
 * Serves the built client: hashed assets cached for a year, a prerendered page per public
 * route, the admin SPA shell for /admin/*, and the 404 page with status 404 for anything else.
 * The build writes .br/.gz twins of text files; they are sent to clients that accept them.
 */
export function serveBuiltFrontend(app: Express, distDir: string): void {
  // The build output does not change while the server runs: look it up once.
  const files = listFiles(distDir);

  function send(req: Request, res: Response, file: string, cacheControl: string) {
    const accepts = req.get('accept-encoding') ?? '';
    const encoding =
      /\bbr\b/.test(accepts) && files.has(`${file}.br`)
        ? 'br'
        : /\bgzip\b/.test(accepts) && files.has(`${file}.gz`)
          ? 'gzip'
          : null;
    res.type(extname(file) || 'html');
    res.setHeader('Cache-Control', cacheControl);
    if (files.has(`${file}.br`) || files.has(`${file}.gz`))
      res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    const path = encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file;
    res.sendFile(join(distDir, path), { dotfiles: 'deny' });
  }

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return notFound(req, res);
    }
    path = withoutTrailingSlashes(path);
    const redirect = REDIRECTS[path];
    if (redirect) return res.redirect(301, redirect);
    if (path === '/admin' || path.startsWith('/admin/'))
      return send(req, res, 'index.html', 'no-store');
    // A lead's booking pages: the app renders them from the link's token into the public shell.
    // The manage page shows a booking: kept out of search results. The booking link's page
    // (/book/{token}) shows no one's details and stays indexable (Lighthouse SEO audits it).
    const manage = /^\/booking\/[^/]+$/.test(path);
    if (manage || /^\/book\/[^/]+$/.test(path)) {
      if (manage) res.setHeader('X-Robots-Tag', 'noindex');
      return send(req, res, files.has('booking.html') ? 'booking.html' : 'index.html', 'no-store');
    }

    const asset = path.slice(1);
    if (files.has(asset) && !/\.(html|br|gz)$/.test(asset)) {
      const hashed = asset.startsWith('assets/');
      return send(
        req,
        res,
        asset,
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    }
    // Prerendered pages: / is home/index.html, so /home itself is not a page.
    const page = path === '/' ? 'home/index.html' : path === '/home' ? '' : `${asset}/index.html`;
    if (page && files.has(page)) return send(req, res, page, 'no-cache');
    return notFound(req, res);
  });

  function notFound(req: Request, res: Response) {
    res.status(404);
    if (files.has('404.html')) send(req, res, '404.html', 'no-cache');
    else send(req, res, 'index.html', 'no-store');
  }
}

/**
 * `/services/` -> `/services`, `/` stays `/`. A loop, not `replace(/\/+$/, '')`: that pattern
 * backtracks from every slash, and a URL of thousands of slashes blocked the event loop.
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47 /* '/' */) end--;
  return end === 0 ? '/' : path.slice(0, end);
}
