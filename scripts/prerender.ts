/**
 * Writes static HTML for every public route after `vite build` and `vite build --ssr`:
 * dist/client/<route>/index.html (home: dist/client/home/index.html, served at / by the server), 404.html, the booking pages' shell (booking.html), a redirect stub for the old inbound slug and sitemap.xml.
 * dist/client/index.html is left untouched: it stays the admin SPA shell with an empty #root.
 *
 * Each page is complete before any JavaScript runs: the public stylesheet (src/client/public/
 * public.css, about 7 KB compressed) is inlined, Inter comes as a small subset
 * (scripts/subset-inter.ts) that the page preloads, and the only script is the boot script
 * (src/client/boot.ts), which fetches the app and the page's chunk once the page has loaded and
 * painted. No stylesheet is fetched before or after: nothing restyles the page later.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BOOKING_META } from '../src/client/public/content/seo.content';
import { subsetCodePoints, subsetFontFace, subsetInter } from './subset-inter';

const root = resolve(import.meta.dirname, '..');
const clientDir = join(root, 'dist/client');
const origin = (process.env.SITE_URL ?? 'https://convoza.ai').replace(/\/$/, '');

interface ServerEntry {
  PUBLIC_ROUTES: readonly string[];
  render(url: string, origin?: string): Promise<{ html: string; head: string }>;
}

const entry = (await import(
  pathToFileURL(join(root, 'dist/ssr/entry-server.js')).href
)) as ServerEntry;
const template = await readFile(join(clientDir, 'index.html'), 'utf8');
if (!template.includes('<!--head-->') || !template.includes('<!--app-->')) {
  throw new Error('dist/client/index.html lacks the <!--head--> / <!--app--> placeholders');
}
// The shell loads the boot script only; a stylesheet or modulepreload there would compete with
// the first paint of every prerendered page.
if (/<link[^>]+rel="(?:stylesheet|modulepreload)"/.test(template)) {
  throw new Error('dist/client/index.html loads more than the boot script before the load event');
}

const assets = await readdir(join(clientDir, 'assets'));
const publicCssFile = assets.find((f) => /^public-[\w-]+\.css$/.test(f));
if (!publicCssFile) throw new Error('vite build wrote no public-*.css (vite.config.ts input)');
const publicCss = (await readFile(join(clientDir, 'assets', publicCssFile), 'utf8')).trim();
if (publicCss.includes('</')) throw new Error('public.css cannot be inlined: it contains "</"');

const pages = await Promise.all(
  entry.PUBLIC_ROUTES.map(async (route) => ({
    route,
    file: route === '/' ? 'home/index.html' : join(route, 'index.html'),
    ...(await entry.render(route, origin)),
  })),
);
for (const { route, html } of pages) {
  if (!/<h1[\s>]/.test(html)) throw new Error(`Prerendered ${route} has no <h1>`);
}
const notFound = await entry.render('/__not-found__', origin);

/**
 * Inter cut down to what the pages can show: the prerendered HTML and the text in the public
 * chunks (dialogs, form messages, pages reached by client-side navigation). Returns its URL and
 * @font-face rule.
 */
async function interSubset(): Promise<{ url: string; fontFace: string }> {
  const chunks = assets.filter((f) => f.endsWith('.js') && !f.startsWith('admin-app-'));
  const texts = [
    ...pages.map((p) => p.html),
    notFound.html,
    ...(await Promise.all(chunks.map((f) => readFile(join(clientDir, 'assets', f), 'utf8')))),
  ];
  const codePoints = subsetCodePoints(texts);
  const font = await subsetInter(codePoints);
  const hash = createHash('sha256').update(font).digest('base64url').slice(0, 8);
  const url = `/assets/inter-subset-${hash}.woff2`;
  await writeFile(join(clientDir, url), font);
  console.log(
    `Inter subset: ${codePoints.length} characters, ${(font.length / 1024).toFixed(1)} KB`,
  );
  return { url, fontFace: subsetFontFace(url, codePoints) };
}
const subset = await interSubset();

/** Everything a prerendered page needs in its <head> besides its meta tags. */
const pageHead = [
  `<link rel="preload" href="${subset.url}" as="font" type="font/woff2" crossorigin />`,
  `<style>${subset.fontFace}${publicCss}</style>`,
].join('\n    ');

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

for (const { file, html, head } of pages) await write(file, fill(`${head}\n    ${pageHead}`, html));
await write('404.html', fill(`${notFound.head}\n    ${pageHead}`, notFound.html));

// The lead's booking pages (/book/{token}, /booking/{manageToken}) depend on the link: the app
// renders them in the browser into this shell, which carries the public stylesheet and font.
// No robots meta here: /book/{token} may be indexed (its link is a secret that expires, and the
// page shows no one's details); the server marks /booking/{manageToken}, which shows a booking,
// noindex with an X-Robots-Tag header (src/server/http/frontend.ts).
await write(
  'booking.html',
  fill(
    `<title>${BOOKING_META.title}</title>\n    <meta name="description" content="${BOOKING_META.description}" />\n    ${pageHead}`,
    '',
  ),
);

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
