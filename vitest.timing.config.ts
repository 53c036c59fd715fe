import { defineConfig } from 'vitest/config';
import unit, { TIMING_TESTS } from './vitest.config';

// The timing-sensitive server tests, one file at a time, after the rest (see vitest.config.ts).
export default defineConfig({
  ...unit,
  test: {
    ...unit.test,
    include: TIMING_TESTS,
    exclude: [],
    fileParallelism: false,
    // Memory measurements start from a collected heap (src/server/test/export-measure.ts): what a
    // previous step (seeding 100,000 contacts) left for the collector is not the download's.
    execArgv: ['--expose-gc'],
  },
});
