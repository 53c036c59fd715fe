import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from './orm';
import type { Logger } from '../logger';
import { pruneExpiredData } from './retention.service';
import { compactContactCounts } from '../contacts/contact-counts.service';
import { compactContactDaily } from '../contacts/contact-stats.service';
import { pruneContactImports } from '../contact-imports/contact-imports.service';
import { failAbandonedImports } from '../contact-imports/import-lock.sql';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * Prunes old security data, spent tokens, expired sessions and old CSV imports and folds the
 * contact count deltas, now and every 10 minutes; returns the stop function.
 */
export function startMaintenance(
  orm: Orm,
  log: Logger,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): () => void {
  const tick = async () => {
    try {
      const pruned = await pruneExpiredData(orm.em.fork() as EntityManager);
      log.debug('pruned expired data', { ...pruned });
      await compactContactCounts(orm.em.fork() as EntityManager);
      await compactContactDaily(orm.em.fork() as EntityManager);
      await pruneContactImports(orm.em.fork() as EntityManager);
      await failAbandonedImports(await orm.em.getConnection().getNativeClient());
    } catch (error) {
      // The database may be briefly away; the next tick tries again.
      log.warn('pruning failed', { error: String(error) });
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
