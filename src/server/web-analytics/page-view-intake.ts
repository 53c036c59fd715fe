// What POST /api/collect hands a page view to: the shared per-network limit, then the buffer that
// writes batches within the days' caps (page-view-intake.sql.ts).
import type { Orm } from '../db/orm-type';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger';
import { pageViewsDropped, pageViewValuesFolded } from '../observability/metrics';
import { addRateLimitHits } from '../rate-limit/rate-limit.service';
import { CollectLimit } from './collect-limit';
import { PageViewBuffer } from './page-view-buffer';
import { storePageViews, type PageViewCaps } from './page-view-intake.sql';
import type { PageViewRow } from './visitors.sql';

export class PageViewIntake {
  constructor(
    private readonly limit: CollectLimit,
    private readonly buffer: PageViewBuffer,
  ) {}

  /** Counts a page view from `ip` against its network's limits; false past them. */
  allow(ip: string): boolean {
    return this.limit.allow(ip);
  }

  /** Takes a page view to store soon; false when the buffer is full. */
  add(row: PageViewRow): boolean {
    return this.buffer.add(row);
  }

  /** Stores what waits. */
  flush(): Promise<void> {
    return this.buffer.flush();
  }

  /** Stores what waits and stops the timers (the server's shutdown). */
  async close(): Promise<void> {
    this.limit.close();
    await this.buffer.close();
  }
}

/** The intake of an app: its limit shared through `orm`, its batches stored within `caps`. */
export function pageViewIntake(orm: Orm, log: Logger, caps: PageViewCaps): PageViewIntake {
  const em = () => orm.em.fork() as EntityManager;
  const limit = new CollectLimit(
    (hits, windowStart) => addRateLimitHits(em(), 'collect', windowStart, hits),
    { onError: (error) => log.warn('page-view limit not shared', { error: String(error) }) },
  );
  const buffer = new PageViewBuffer(
    async (rows) => {
      const result = await storePageViews(em(), rows, caps);
      if (result.dropped) pageViewsDropped.inc({ reason: 'daily_cap' }, result.dropped);
      if (result.folded) pageViewValuesFolded.inc(result.folded);
    },
    (error, rows) => log.warn('page views not stored', { rows, error: String(error) }),
  );
  return new PageViewIntake(limit, buffer);
}
