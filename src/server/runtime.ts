/**
 * Whether this code runs from the build (dist/server/*.js, scripts/build-server.ts) or from the
 * TypeScript sources through tsx (dev, tests, the migration CLI). The build keeps every file it
 * emits directly in dist/server, so a sibling found through import.meta.url is found the same
 * from any of them.
 */
export const COMPILED = import.meta.url.endsWith('.js');

/**
 * How a child process of the server loads the same code: plain node (its entry maps stack traces
 * itself, see source-mapped-stacks.ts), or tsx.
 */
export const CHILD_EXEC_ARGV = COMPILED ? [] : ['--import', 'tsx'];

/**
 * How tests and benches start the built server as its own process (what `npm run serve` runs;
 * `npm run build` makes it).
 */
export const BUILT_SERVER_ARGS = ['dist/server/start.js'];
