import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that measure wall-clock time (event-loop stalls) or memory growth run alone in
 * vitest.timing.config.ts: next to other test files on a 2-core machine they would measure the
 * neighbours' CPU use (a starved garbage collector once let a 45 MB download peak at 157 MB).
 */
export const TIMING_TESTS = [
  'src/server/event-loop.test.ts',
  'src/server/contacts/contacts-export-memory.test.ts',
  'src/server/contact-imports/import-hostile-file.test.ts',
  'src/server/booking/calendar-feed-budget.test.ts',
  'src/server/auth/password-reset-timing.test.ts',
];

// Unit and server tests (real PostgreSQL; see scripts/test.ts and src/server/test/).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...TIMING_TESTS],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker per core minus one: a single worker on this 2-core machine,
    // idle while PostgreSQL works. These tests wait on the database more than they compute.
    maxWorkers: 3,
  },
});
