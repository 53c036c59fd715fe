import type { RequestHandler } from 'express';
import { migrationsCurrent, pingDatabase } from '../db/health.sql';
import type { AppDeps } from '../app-deps';
import { isDatabaseUnavailable } from '../trpc/errors';

/** What a load balancer asks before sending traffic: set by the drain on SIGTERM (server.ts). */
export interface Lifecycle {
  draining: boolean;
}

const DATABASE_TIMEOUT_MS = 1000;
// The migrations only change when an instance starts: one look every 30 s is enough.
const MIGRATIONS_RECHECK_MS = 30_000;

/** A check that did not answer in time: the database is as good as unavailable. */
class NoAnswer extends Error {
  readonly code = 'ETIMEDOUT';
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new NoAnswer(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health/ready: 200 `{ status: "ready", checks }` only when the database answers within
 * 1 s, this instance's job queue is started and no migration is pending; otherwise 503 with the
 * failing check named. While the instance drains it answers 503 `draining` at once.
 * (GET /api/health stays the cheap liveness answer.)
 */
export function readinessRoute(deps: AppDeps, lifecycle: Lifecycle): RequestHandler {
  let migrationsCheckedAt = 0;
  const checkMigrations = async () => {
    if (Date.now() - migrationsCheckedAt < MIGRATIONS_RECHECK_MS) return 'ok';
    if (!(await migrationsCurrent(deps.orm))) return 'migrations are pending';
    migrationsCheckedAt = Date.now();
    return 'ok';
  };
  // The answer is anonymous: a generic word for what failed; the details go to the log only
  // (the database's own message names the database and its state).
  const outcome = (name: string, check: Promise<string>) =>
    check.catch((error: unknown) => {
      deps.log.warn('readiness check failed', { check: name, error: String(error) });
      return isDatabaseUnavailable(error) ? 'unavailable' : 'failed';
    });

  return async (_req, res) => {
    const [database, migrations] = await Promise.all([
      outcome(
        'database',
        within(DATABASE_TIMEOUT_MS, pingDatabase(deps.orm)).then(() => 'ok'),
      ),
      outcome('migrations', within(DATABASE_TIMEOUT_MS, checkMigrations())),
    ]);
    const queue = deps.jobs?.started ? 'ok' : 'not started';
    const checks = { database, queue, migrations };
    const ready = !lifecycle.draining && Object.values(checks).every((c) => c === 'ok');
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : lifecycle.draining ? 'draining' : 'not_ready', checks });
  };
}
