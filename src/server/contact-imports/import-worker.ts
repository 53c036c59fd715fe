import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import pg from 'pg';
import { ABANDONED_IMPORT_MESSAGE, failAbandonedImports, failIfRunning } from './import-lock.sql';
import { CHILD_EXEC_ARGV, COMPILED } from '../runtime';
import { importsRunning } from '../observability/metrics';
import { CONTACT_IMPORT_QUEUE } from './contact-import.queue';

/**
 * The heap an import may use (MB). Parsing a 200 MB file makes a lot of short-lived garbage,
 * which V8 collects lazily: in the server's own heap it grew RSS by 230+ MB for a 31 MB file. A
 * process of its own with a small heap collects early and keeps the server's memory and event
 * loop free. A process, not a worker thread: a thread that hits its heap limit at the wrong
 * moment makes V8 abort the whole server (seen with a 90 MB file), a child only itself.
 */
export const IMPORT_HEAP_MB = 64;

/** The import processes this instance runs, by import id (a drain stops them). */
const running = new Map<string, ChildProcess>();

/** Runs one import in a child process; resolves when it exits cleanly, rejects with how it ended. */
function runInProcess(databaseUrl: string, importId: string, heapMb: number): Promise<void> {
  return new Promise((done, fail) => {
    const entry = new URL(`./import-process.${COMPILED ? 'js' : 'ts'}`, import.meta.url);
    const child = fork(entry, [importId], {
      execArgv: [...CHILD_EXEC_ARGV, `--max-old-space-size=${heapMb}`, '--max-semi-space-size=4'],
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    // What the process said last (V8's out-of-memory report), for the failure's log line.
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-2000);
    });
    running.set(importId, child);
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      running.delete(importId);
      if (code === 0) done();
      else fail(new ImportProcessError(code, signal, stderr));
    });
  });
}

/** Set by a drain: an import that ends now was stopped by it, not by its file. */
let draining = false;

/**
 * Part of a drain (SIGTERM): imports still running after `graceMs` are stopped, and each is
 * marked failed at once, "run it again" (its rows were one transaction, rolled back). Left to
 * the next start or another instance's maintenance, an import stayed `running` for minutes.
 */
export async function stopContactImports(graceMs: number): Promise<void> {
  draining = true;
  const exits = () =>
    Promise.all([...running.values()].map((child) => once(child, 'exit').catch(() => undefined)));
  const graceOver = new Promise((done) => setTimeout(done, graceMs).unref());
  await Promise.race([exits(), graceOver]);
  for (const child of running.values()) child.kill('SIGTERM');
  await exits();
}

class ImportProcessError extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly stderr: string,
  ) {
    super(`the import process ended with ${signal ? `signal ${signal}` : `exit code ${exitCode}`}`);
  }
}

/** Why an import process failed, in words for the import's status. */
function processFailure(error: unknown): string {
  // V8 ends a process that runs out of heap with SIGABRT or SIGTRAP (exit code 134 or 133).
  const { signal, exitCode } = error instanceof ImportProcessError ? error : {};
  if (signal === 'SIGABRT' || signal === 'SIGTRAP' || exitCode === 134 || exitCode === 133)
    return 'The import ran out of memory; nothing was imported. Check the file and run it again.';
  return 'The import stopped on a server error; nothing was imported. Please run it again.';
}

/**
 * Runs queued CSV imports on this instance, one at a time, each in its own process. An
 * attempt is never repeated: a file that made the import fail would fail again (or worse), so
 * the import shows as failed with the reason and the job ends.
 */
export async function startContactImportWorker(
  queue: JobQueue,
  databaseUrl: string,
  log: Logger,
  heapMb = IMPORT_HEAP_MB,
): Promise<void> {
  await failAbandoned(databaseUrl, log);
  await queue.work(
    CONTACT_IMPORT_QUEUE,
    async (job) => {
      try {
        importsRunning.inc();
        await runInProcess(databaseUrl, job.data.importId, heapMb).finally(() =>
          importsRunning.dec(),
        );
      } catch (error) {
        log.warn('contact import failed', {
          id: job.data.importId,
          error: String(error),
          output: error instanceof ImportProcessError ? error.stderr.slice(0, 500) : undefined,
        });
        const reason = draining ? ABANDONED_IMPORT_MESSAGE : processFailure(error);
        await markFailed(databaseUrl, job.data.importId, reason);
      }
    },
    { batchSize: 1 },
  );
}

/** Imports a dead process left running are failed before this instance takes new ones. */
async function failAbandoned(databaseUrl: string, log: Logger): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const failed = await failAbandonedImports(pool);
    if (failed) log.warn('imports left running by a stopped server were marked failed', { failed });
  } finally {
    await pool.end();
  }
}

async function markFailed(databaseUrl: string, importId: string, reason: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await failIfRunning(client, importId, reason);
  } finally {
    await client.end();
  }
}
