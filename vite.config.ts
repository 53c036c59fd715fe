import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // The public pages' stylesheet, inlined into each page by scripts/prerender.ts.
      input: { index: resolve('index.html'), public: resolve('src/client/public/public.css') },
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
