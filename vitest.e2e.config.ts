import { defineConfig } from 'vitest/config';

// Browser tests: Debian chromium driven by playwright-core against the built app.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time, each with its own app, database and browser: a file spends most of
    // its time waiting for the browser to paint and the app to answer.
    maxWorkers: 2,
  },
});
