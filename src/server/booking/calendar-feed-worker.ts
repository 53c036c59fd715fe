import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm-type';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { FEED_TIMEOUT_MS, type FeedFetchOptions } from './calendar-fetch';
import { claimDueFeeds } from './calendar-feeds.sql';
import { CALENDAR_FEED_QUEUE } from './calendar-feed.queue';
import { FEED_REFRESH_MS, syncCalendarFeed } from './calendar-feeds.service';

/** How often each instance looks for feeds due (each is due every FEED_REFRESH_MS). */
const SWEEP_MS = 60_000;

/**
 * Fetches hosts' calendar feeds on this instance: the `calendarFeed` jobs (a feed added, a refresh
 * asked for), and a sweep that queues the feeds due for their 10-minute refresh. Every instance
 * sweeps; a feed is claimed by one of them (claimDueFeeds). Returns the sweep's stop.
 */
export async function startCalendarFeedWorker(
  queue: JobQueue,
  orm: Orm,
  guard: Pick<FeedFetchOptions, 'allowPrivateNetworks'>,
  log: Logger,
  sweepMs = SWEEP_MS,
): Promise<() => void> {
  await queue.work(
    CALENDAR_FEED_QUEUE,
    // Read per job: the guard's setting may change while the worker runs (tests do).
    (job) =>
      syncCalendarFeed(
        orm.em.fork() as EntityManager,
        job.data.feedId,
        feedFetchOptions(guard),
        log,
      ),
    { batchSize: 4 },
  );
  const sweep = async () => {
    try {
      await queueDueFeeds(orm.em.fork() as EntityManager, queue, new Date());
    } catch (error) {
      log.warn('calendar feed sweep failed', { error: String(error) });
    }
  };
  const timer = setInterval(() => void sweep(), sweepMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Claims the feeds due for their periodic refresh and queues their fetches, in one transaction. */
export function queueDueFeeds(em: EntityManager, queue: JobQueue, now: Date): Promise<number[]> {
  return em.transactional(async (tem) => {
    const due = await claimDueFeeds(tem, now, FEED_REFRESH_MS, 100);
    await queue.sendManyInTransaction(
      tem,
      CALENDAR_FEED_QUEUE,
      due.map((feedId) => ({ data: { feedId } })),
    );
    return due;
  });
}

/**
 * A feed is fetched under the webhooks' network guard, but with its own time limit
 * (FEED_TIMEOUT_MS): handed the webhook settings whole, it took their 10 s.
 */
export const feedFetchOptions = ({
  allowPrivateNetworks,
}: Pick<FeedFetchOptions, 'allowPrivateNetworks'>): FeedFetchOptions => ({
  allowPrivateNetworks,
  timeoutMs: FEED_TIMEOUT_MS,
});
