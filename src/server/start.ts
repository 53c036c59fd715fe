// The production entry point (`npm run serve` runs the build of this file). It turns on Node's
// compile cache before the server's code loads, so every start after the first reuses V8's
// compiled code from disk (about a third of a start's time), maps stack traces back to the
// TypeScript lines (reading a source map only when a trace needs it), then runs main.ts.
import module from 'node:module';
import { installSourceMappedStacks } from './source-mapped-stacks';

module.enableCompileCache?.();
installSourceMappedStacks();
await import('./main');
