import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import express, { type Express } from 'express';

/**
 * Serves the built client: hashed assets with long caching, a prerendered page per public
 * route, the admin SPA shell for /admin/*, and the 404 page with status 404 for anything else.
 */
export function serveBuiltFrontend(app: Express, distDir: string): void {
  const shellPath = join(distDir, 'index.html');
  const notFoundPath = join(distDir, '404.html');
  app.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(express.static(distDir, { index: false, redirect: false }));

  app.get('/{*path}', (req, res) => {
    const path = normalize(req.path).replace(/\/+$/, '') || '/';
    if (path === '/admin' || path.startsWith('/admin/')) return res.sendFile(shellPath, noStore);
    const prerendered = join(distDir, path, 'index.html');
    if (path !== '/' && !prerendered.startsWith(distDir)) return sendNotFound(res);
    if (path !== '/' && existsSync(prerendered)) return res.sendFile(prerendered);
    if (path === '/' && existsSync(join(distDir, 'home', 'index.html')))
      return res.sendFile(join(distDir, 'home', 'index.html'));
    return sendNotFound(res);
  });

  function sendNotFound(res: express.Response) {
    res.status(404);
    if (existsSync(notFoundPath)) res.type('html').send(readFileSync(notFoundPath));
    else res.sendFile(shellPath);
  }
}

const noStore = { headers: { 'Cache-Control': 'no-store' } };
