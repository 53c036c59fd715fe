// Entry point of the worker thread one import runs in (see import-worker.ts).
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { runContactImport } from './import-run';

const { databaseUrl, importId } = workerData as { databaseUrl: string; importId: string };
// Two connections: the import's transaction, and progress / row errors beside it.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
try {
  await runContactImport(pool, importId);
} finally {
  await pool.end();
}
