import type { EntityManager } from '@mikro-orm/postgresql';
import type { MaintenanceTask, SubscriberDeps } from '../feature';
import type { Logger } from '../logger';
import type { Orm } from './orm-type';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * Runs every task once, each on its own fork, one after another; a task that fails is logged and
 * the others still run. Returns the rows each touched, by task name. Safe on several instances.
 */
export async function runMaintenance(
  em: EntityManager,
  tasks: readonly MaintenanceTask[],
  deps: SubscriberDeps,
  log?: Logger,
  now = new Date(),
): Promise<Record<string, number>> {
  const touched: Record<string, number> = {};
  for (const task of tasks) {
    try {
      touched[task.name] = await task.run(em.fork() as EntityManager, now, deps);
    } catch (error) {
      // The database may be briefly away; the next tick tries again.
      log?.warn('maintenance task failed', { task: task.name, error: String(error) });
    }
  }
  return touched;
}

/** Runs the tasks now and every 10 minutes; returns the stop function. */
export function startMaintenance(
  orm: Orm,
  tasks: readonly MaintenanceTask[],
  deps: SubscriberDeps,
  log: Logger,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): () => void {
  const tick = async () => {
    const touched = await runMaintenance(orm.em as EntityManager, tasks, deps, log);
    log.debug('maintenance', touched);
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
