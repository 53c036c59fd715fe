/**
 * Writes static HTML for every public route after `vite build` and `vite build --ssr`:
 * dist/client/<route>/index.html (home: dist/client/home/index.html, served at / by the server), 404.html, a redirect stub for the old inbound slug and sitemap.xml.
 * dist/client/index.html is left untouched: it stays the admin SPA shell with an empty #root.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const clientDir = join(root, 'dist/client');
const origin = (process.env.SITE_URL ?? 'https://convoza.ai').replace(/\/$/, '');

interface ServerEntry {
  PUBLIC_ROUTES: readonly string[];
  render(url: string, origin?: string): Promise<{ html: string; head: string }>;
  pageChunkName(route: string): string;
}

const entry = (await import(
  pathToFileURL(join(root, 'dist/ssr/entry-server.js')).href
)) as ServerEntry;
const template = await readFile(join(clientDir, 'index.html'), 'utf8');
if (!template.includes('<!--head-->') || !template.includes('<!--app-->')) {
  throw new Error('dist/client/index.html lacks the <!--head--> / <!--app--> placeholders');
}

const assets = await readdir(join(clientDir, 'assets'));

/** Relative imports (`import … from "./x.js"`) of a built chunk. */
function staticImports(code: string): string[] {
  return [
    ...code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["']\.\/([^"']+\.js)["']/g),
  ].map((m) => m[1] ?? '');
}

/**
 * Preload the route's lazy page chunk and everything it imports statically, so the whole page
 * downloads in parallel with the entry script instead of as a waterfall of small chunks; and the
 * Latin subset of Inter, which the CSS would otherwise only discover late.
 */
async function preloadTags(route: string): Promise<string> {
  const chunk = assets.find(
    (f) => f.startsWith(`${entry.pageChunkName(route)}-`) && f.endsWith('.js'),
  );
  if (!chunk) throw new Error(`No page chunk found for ${route}`);
  const entryChunk = /src="\/assets\/([^"]+\.js)"/.exec(template)?.[1];
  const seen = new Set<string>(entryChunk ? [entryChunk] : []);
  const queue = [chunk];
  const order: string[] = [];
  while (queue.length) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    order.push(file);
    queue.push(...staticImports(await readFile(join(clientDir, 'assets', file), 'utf8')));
  }
  const tags = order.map((f) => `<link rel="modulepreload" crossorigin href="/assets/${f}" />`);
  if (font)
    tags.unshift(
      `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />`,
    );
  return tags.join('\n    ');
}

const font = assets.find((f) => f.startsWith('inter-latin-wght-normal-') && f.endsWith('.woff2'));

function fill(head: string, html: string): string {
  // Function replacers: rendered text may contain `$&`-style sequences.
  // The shell's own head (admin title, noindex) sits between the markers; pages replace it.
  return template
    .replace(/<!--head-->[\s\S]*?<!--\/head-->/, () => head)
    .replace('<!--app-->', () => html);
}

async function write(relative: string, content: string) {
  const file = join(clientDir, relative);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

for (const route of entry.PUBLIC_ROUTES) {
  const { html, head } = await entry.render(route, origin);
  if (!/<h1[\s>]/.test(html)) throw new Error(`Prerendered ${route} has no <h1>`);
  await write(
    route === '/' ? 'home/index.html' : join(route, 'index.html'),
    fill(`${head}\n    ${await preloadTags(route)}`, html),
  );
}

const notFound = await entry.render('/__not-found__', origin);
await write('404.html', fill(notFound.head, notFound.html));

// The footer once linked the old slug; keep it working without JavaScript too.
const target = '/services/ai-inbound-lead-vetting';
await write(
  'services/ai-inbound-vetting/index.html',
  fill(
    `<title>Redirecting…</title>\n    <meta http-equiv="refresh" content="0; url=${target}" />\n    <link rel="canonical" href="${origin}${target}" />\n    <meta name="robots" content="noindex" />`,
    '',
  ),
);

const today = new Date().toISOString().slice(0, 10);
const urls = entry.PUBLIC_ROUTES.map(
  (r) =>
    `  <url><loc>${origin}${r}</loc><lastmod>${today}</lastmod><changefreq>monthly</changefreq></url>`,
);
await write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
);

// Precompressed siblings (.br, .gz) of every text file, so a server or CDN can send them as is.
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json)$/;
let compressed = 0;
for (const file of await readdir(clientDir, { recursive: true })) {
  if (!COMPRESSIBLE.test(file)) continue;
  const body = await readFile(join(clientDir, file));
  if (body.length < 1024) continue;
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(join(clientDir, `${file}.br`), brotli);
  await writeFile(join(clientDir, `${file}.gz`), gzipSync(body, { level: 9 }));
  compressed += 1;
}
console.log(`precompressed ${compressed} files (.br, .gz)`);
console.log(
  `prerendered ${entry.PUBLIC_ROUTES.length} routes, 404.html, redirect stub and sitemap.xml`,
);
