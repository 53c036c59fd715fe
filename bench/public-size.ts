/**
 * JavaScript each public route fetches before its load event, gzipped, from the built dist/client
 * (run after `npm run build`):
 *   node --import tsx bench/public-size.ts [--write]
 * "Before load" = what the route's prerendered HTML loads eagerly: its <script src> and
 * <link rel="modulepreload"> files plus everything they import statically. What the boot script
 * (src/client/boot.ts) imports after the load event (the app, the page's chunk) and chunks loaded
 * on demand (dialog, toaster, other pages, admin) are not fetched before load; the app and page
 * chunk are reported beside it for information.
 * Budget: 80 KB per route before load. Exits 1 when a route is over budget or its before-load
 * JavaScript pulls in admin/tRPC/zod code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PUBLIC_ROUTES } from '../src/client/public/public-routes';
import { writePublicSiteSection } from './bench-doc';

const dist = resolve(import.meta.dirname, '../dist/client');
const BUDGET_KB = 80;
// The entry may name the admin chunk (its lazy import) but never load it; tRPC, react-query and
// zod code never appear in a public route's JavaScript.
const FORBIDDEN_FILES = [/admin-app/];
// validateDOMNesting exists only in React's development build (a build without NODE_ENV=production).
const FORBIDDEN_CODE = [
  /createTRPC|httpBatchLink/,
  /QueryClient/,
  /ZodError|\$ZodType/,
  /validateDOMNesting/,
];

function htmlFile(route: string): string {
  return join(dist, route === '/' ? 'home' : route, 'index.html');
}

function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(
    /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )) {
    if (m[1]) found.add(m[1]);
  }
  return [...found];
}

interface JsSet {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  forbidden: string[];
}

/** `roots` (paths under dist/client) and everything they import statically. */
function closure(roots: string[]): Set<string> {
  const queue = [...roots];
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const rel of staticImports(code)) queue.push(posix.join(posix.dirname(file), rel));
  }
  return seen;
}

function measure(files: Iterable<string>): JsSet {
  let gzipBytes = 0;
  let rawBytes = 0;
  const forbidden: string[] = [];
  for (const file of files) {
    const code = readFileSync(join(dist, file));
    rawBytes += code.length;
    gzipBytes += gzipSync(code, { level: 9 }).length;
    const text = code.toString('utf8');
    for (const re of FORBIDDEN_FILES) if (re.test(file)) forbidden.push(`${file} matches ${re}`);
    for (const re of FORBIDDEN_CODE) if (re.test(text)) forbidden.push(`${file} matches ${re}`);
  }
  return { files: [...files].sort(), gzipBytes, rawBytes, forbidden };
}

/** The JavaScript the route's HTML loads eagerly, i.e. before its load event. */
export function initialJs(route: string): JsSet {
  const html = readFileSync(htmlFile(route), 'utf8');
  const eager = html.matchAll(
    /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g,
  );
  return measure(closure([...eager].map((m) => m[1] ?? '')));
}

/** What boot.ts fetches after the load event: the app (main) and the route's page chunk. */
export function afterLoadJs(route: string): JsSet {
  const assets = readdirSync(join(dist, 'assets'));
  const page = route === '/' ? 'home' : route.startsWith('/services') ? 'services' : route.slice(1);
  const find = (prefix: string) => {
    const file = assets.find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
    if (!file) throw new Error(`No ${prefix}-*.js in dist/client/assets`);
    return `/assets/${file}`;
  };
  const before = new Set(initialJs(route).files);
  return measure([...closure([find('main'), find(`${page}-page`)])].filter((f) => !before.has(f)));
}

if (import.meta.main ?? process.argv[1]?.endsWith('public-size.ts')) {
  if (!existsSync(htmlFile('/'))) throw new Error('Run `npm run build` first');
  const rows: string[] = [];
  let failed = false;
  for (const route of PUBLIC_ROUTES) {
    const r = initialJs(route);
    const later = afterLoadJs(route);
    const kb = r.gzipBytes / 1024;
    const over = kb > BUDGET_KB || r.forbidden.length > 0;
    failed ||= over;
    rows.push(
      `| \`${route}\` | ${r.files.length} | ${(r.rawBytes / 1024).toFixed(1)} | ${kb.toFixed(1)} | ${over ? 'OVER' : 'ok'} | ${later.files.length} | ${(later.gzipBytes / 1024).toFixed(1)} |`,
    );
    console.log(
      `${route.padEnd(38)} before load ${kb.toFixed(1).padStart(5)} KB gz (${r.files.length} file${r.files.length === 1 ? '' : 's'})  after load ${(later.gzipBytes / 1024).toFixed(1).padStart(5)} KB gz (${later.files.length} files)${r.forbidden.length ? `  FORBIDDEN: ${r.forbidden.join(', ')}` : ''}`,
    );
  }
  if (process.argv.includes('--write')) {
    writePublicSiteSection(
      'JavaScript before the load event per route',
      [
        `Gzipped (level 9) JavaScript each route's HTML loads eagerly (\`<script src>\`, modulepreloads and their static imports), from \`dist/client\`; budget ${BUDGET_KB} KB. The boot script fetches the app and the page's chunk only after the load event and the first paint (columns "after load", for information); on-demand chunks (case-study dialog, toaster, other pages, admin) are in neither. Measured by \`bench/public-size.ts\`.`,
        '',
        '| Route | JS files before load | Raw KB | Gzip KB | Budget | JS files after load | Gzip KB after load |',
        '|---|---:|---:|---:|---|---:|---:|',
        ...rows,
      ].join('\n'),
    );
  }
  process.exit(failed ? 1 : 0);
}
