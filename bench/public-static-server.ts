/**
 * A minimal static server over dist/client that serves the build's precompressed .br/.gz files
 * (written by scripts/prerender.ts), with the same route mapping as src/server/http/frontend.ts:
 * / -> home/index.html, /<route> -> <route>/index.html, anything else -> 404.html with status 404.
 * Used by the Lighthouse bench (`--static`) to measure the pages as a compressing server or CDN
 * would deliver them. The page view a page sends after load (POST /api/collect) is answered as the
 * app answers it, 202 with no body, and the two reads a page makes after load (the contact form's
 * token, the privacy notice) get answers of the app's shape, so the run measures the page and not
 * a missing API (a 404 is a console error, which Lighthouse's best practices count).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { FIRST_PRIVACY_NOTICE } from '../src/shared/privacy-notice-text';

/** What the app answers to the reads a public page makes after load. */
const API_READS: Record<string, object> = {
  '/api/contacts/form-token': { token: 'static-bench', minFormFillTime: 0, noticeVersion: 1 },
  '/api/privacy/notice': {
    version: 1,
    text: FIRST_PRIVACY_NOTICE,
    createdAt: '2026-11-27T00:00:00.000Z',
  },
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export async function startStaticServer(distDir = resolve(import.meta.dirname, '../dist/client')) {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/api/collect') {
      req.resume();
      return void res.writeHead(202).end();
    }
    const read = req.method === 'GET' && API_READS[req.url ?? ''];
    if (read)
      return void res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(read));
    const path =
      normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
        /\/+$/,
        '',
      ) || '/';
    let file = join(distDir, path === '/' ? 'home/index.html' : path);
    if (!file.startsWith(distDir)) file = '';
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    let status = 200;
    if (!file || !existsSync(file)) {
      file = join(distDir, '404.html');
      status = 404;
    }
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
    };
    const accepts = String(req.headers['accept-encoding'] ?? '');
    for (const [encoding, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (accepts.includes(encoding) && existsSync(file + ext)) {
        headers['content-encoding'] = encoding;
        file += ext;
        break;
      }
    }
    res.writeHead(status, headers).end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// Run as its own process (the Lighthouse bench spawns it): Lighthouse's work in the same process
// would stall the event loop, and Lantern would read the stalls as slow server responses.
if (process.argv[1]?.endsWith('public-static-server.ts')) {
  const { url } = await startStaticServer();
  console.log(url);
}
