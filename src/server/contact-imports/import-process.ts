// Entry point of the child process one import runs in (see import-worker.ts):
// `import-process.ts <importId>`, with DATABASE_URL in its environment.
import pg from 'pg';
import { installSourceMappedStacks } from '../source-mapped-stacks';
import { runContactImport } from './import-run';

installSourceMappedStacks();
const importId = process.argv[2]!;
// The server went away (killed, crashed): stop too. The connection closes with this process, so
// the import's transaction rolls back and its lock is free for the next start to see.
const orphaned = () => process.exit(1);
process.on('disconnect', orphaned);
// Two connections: the import's transaction, and progress / row errors beside it.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
try {
  await runContactImport(pool, importId);
} finally {
  await pool.end();
}
process.off('disconnect', orphaned);
process.disconnect?.();
