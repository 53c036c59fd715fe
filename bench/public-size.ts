/**
 * Initial JavaScript per public route, gzipped, from the built dist/client (run after `npm run build`):
 *   node --import tsx bench/public-size.ts [--write]
 * "Initial" = the entry script and modulepreloads in the route's prerendered HTML plus everything
 * they import statically. Chunks loaded on demand (dialog, toaster, other pages, admin) are excluded.
 * Budget: 90 KB per route. Exits 1 when a route is over budget or pulls in admin/tRPC/zod code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PUBLIC_ROUTES } from '../src/client/public/public-routes';
import { writePublicSiteSection } from './bench-doc';

const dist = resolve(import.meta.dirname, '../dist/client');
const BUDGET_KB = 90;
// The entry may name the admin chunk (its lazy import) but never load it; tRPC, react-query and
// zod code never appear in a public route's initial JavaScript.
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

export function initialJs(route: string): {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  forbidden: string[];
} {
  const html = readFileSync(htmlFile(route), 'utf8');
  const queue = [
    ...html.matchAll(
      /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g,
    ),
  ].map((m) => m[1] ?? '');
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const rel of staticImports(code)) queue.push(posix.join(posix.dirname(file), rel));
  }
  let gzipBytes = 0;
  let rawBytes = 0;
  const forbidden: string[] = [];
  for (const file of seen) {
    const code = readFileSync(join(dist, file));
    rawBytes += code.length;
    gzipBytes += gzipSync(code, { level: 9 }).length;
    const text = code.toString('utf8');
    for (const re of FORBIDDEN_FILES) if (re.test(file)) forbidden.push(`${file} matches ${re}`);
    for (const re of FORBIDDEN_CODE) if (re.test(text)) forbidden.push(`${file} matches ${re}`);
  }
  return { files: [...seen].sort(), gzipBytes, rawBytes, forbidden };
}

if (import.meta.main ?? process.argv[1]?.endsWith('public-size.ts')) {
  if (!existsSync(htmlFile('/'))) throw new Error('Run `npm run build` first');
  const rows: string[] = [];
  let failed = false;
  for (const route of PUBLIC_ROUTES) {
    const r = initialJs(route);
    const kb = r.gzipBytes / 1024;
    const over = kb > BUDGET_KB || r.forbidden.length > 0;
    failed ||= over;
    rows.push(
      `| \`${route}\` | ${r.files.length} | ${(r.rawBytes / 1024).toFixed(1)} | ${kb.toFixed(1)} | ${over ? 'OVER' : 'ok'} |`,
    );
    console.log(
      `${route.padEnd(38)} ${kb.toFixed(1).padStart(6)} KB gz  ${r.files.length} files${r.forbidden.length ? `  FORBIDDEN: ${r.forbidden.join(', ')}` : ''}`,
    );
  }
  if (process.argv.includes('--write')) {
    writePublicSiteSection(
      'Initial JavaScript per route',
      [
        `Gzipped (level 9) entry script + modulepreloads + their static imports, from \`dist/client\`; budget ${BUDGET_KB} KB. On-demand chunks (case-study dialog, toaster, other pages, admin) excluded. Measured by \`bench/public-size.ts\`.`,
        '',
        '| Route | JS files | Raw KB | Gzip KB | Budget |',
        '|---|---:|---:|---:|---|',
        ...rows,
      ].join('\n'),
    );
  }
  process.exit(failed ? 1 : 0);
}
