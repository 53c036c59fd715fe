import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * CommonJS packages (React, React DOM, scheduler) are bundled as wrapper functions that run on
 * first require. Written as arrow functions, V8 compiles each lazily on the main thread when
 * it first runs: React DOM's 180 KB wrapper was one ~12 ms parse inside the app's start-up task.
 * As parenthesised `function` expressions V8 compiles them eagerly, off the main thread, while
 * the chunk streams in (the "PIFE" heuristic). The body is unchanged: CommonJS code sees the
 * same `exports`/`module` arguments, and module code is strict, so `this` stays undefined.
 */
function eagerCommonJsWrappers(): Plugin {
  return {
    name: 'convoza:eager-commonjs-wrappers',
    apply: 'build',
    renderChunk(code) {
      const out = code.replace(
        /__commonJSMin\(\(\(([\w$, ]*)\) => \{/g,
        (_, params: string) => `__commonJSMin((function(${params}) {`,
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), eagerCommonJsWrappers()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The public pages' stylesheet, inlined into each page by scripts/prerender.ts.
      input: { index: resolve('index.html'), public: resolve('src/client/public/public.css') },
      output: {
        codeSplitting: {
          // React in a chunk of its own: the boot script evaluates it in a task of its own,
          // before the app's modules and hydration (src/client/boot.ts).
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
    modulePreload: {
      // Every browser the site supports has modulepreload; the polyfill would only grow the boot
      // script, the one script a prerendered page loads before its load event.
      polyfill: false,
      // Public chunks load after the page is painted (boot) or when the browser is idle (the
      // prefetch of other pages): a modulepreload link per dependency only adds main-thread work
      // there. The back office's big chunk keeps its preloads.
      resolveDependencies: (file, deps) =>
        file.includes('admin-app') ? deps : deps.filter((d) => d.endsWith('.css')),
    },
  },
  server: {
    // The dev server runs inside Express (src/server/dev.ts), which serves /api and /trpc itself.
    hmr: true,
  },
});
