// The server as `npm run serve` runs it: the build in dist/server, plain node; stack traces are
// mapped back to the TypeScript sources (src/server/source-mapped-stacks.ts).
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { BUILT_SERVER_ARGS } from '../src/server/runtime';

it('names the TypeScript file and line in a stack trace from the build', () => {
  const run = spawnSync(process.execPath, BUILT_SERVER_ARGS, {
    env: { ...process.env, NODE_ENV: 'production', PORT: 'not-a-port' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  // The trace alone: no echo of the (minified) bundle line the error was thrown from.
  expect(run.stderr.split('\n')[0]).toBe('Error: Invalid configuration:');
  expect(run.stderr).toContain('PORT: Invalid input');
  expect(run.stderr).toMatch(/at loadConfig \(.*src\/server\/config\.ts:\d+:\d+\)/);
  expect(run.stderr).toMatch(/src\/server\/main\.ts:\d+:\d+/);
});
