import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type Router } from 'express';

export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Convoza API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

// Served as a file, not inline, so the strict Content-Security-Policy holds on this page too.
const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** The readable API reference at /api/docs, self-hosted (no CDN). */
export function apiDocsRouter(): Router {
  const docs = express.Router();
  docs.get('/', (_req, res) => res.type('html').send(page));
  docs.get('/init.js', (_req, res) => res.type('js').send(init));
  // Only the two files the page loads, not the whole swagger-ui-dist package.
  for (const file of DOCS_ASSETS) {
    docs.get(`/assets/${file}`, (_req, res) =>
      res.sendFile(join(swaggerDir, file), { maxAge: '1d' }),
    );
  }
  return docs;
}
