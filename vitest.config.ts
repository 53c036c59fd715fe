import { defineConfig } from 'vitest/config';

// Unit and server tests (real PostgreSQL; see scripts/test.ts and src/server/test/).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
