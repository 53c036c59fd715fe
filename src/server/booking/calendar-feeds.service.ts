// A host's external calendars: the secret iCal addresses they add, and the sync that turns each
// into busy times. Fetching happens outside any transaction; the busy times of a feed are replaced
// in one, so slots never see a feed half written.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCalendarFeed } from '../../shared/booking.schema';
import type { Actor } from '../auth/session';
import { AppError, notFound } from '../errors';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { userReference } from '../users/user-lookup.service';
import { requireEditable } from './availability.service';
import { maskSecretUrl } from './secret-url';
import { fetchFeed, type FeedFetchOptions } from './calendar-fetch';
import { FeedBudgetError } from './calendar-feed-budget';
import { FeedReaderError, readFeedInChildProcess } from './calendar-feed-read';
import { CalendarFeed, type ICalendarFeed } from './calendar-feed.entity';
import { replaceBusyTimes } from './calendar-feeds.sql';
import { bookingNow } from './clock';
import { UserAvailability } from './user-availability.entity';
import { CALENDAR_FEED_QUEUE } from './calendar-feed.queue';

/** A feed's periodic refresh. */
export const FEED_REFRESH_MS = 10 * 60_000;
/** Busy times are kept from a day back to past the longest horizon (60 days). */
const KEEP_BEHIND_MS = 24 * 3600_000;
const KEEP_AHEAD_MS = 61 * 24 * 3600_000;
export const MAX_FEEDS_PER_USER = 10;

/** The job of the `calendarFeed` queue: fetch one feed now. */
export const calendarFeedView = (feed: ICalendarFeed): TCalendarFeed => ({
  id: feed.id,
  url: maskSecretUrl(feed.url),
  status: feed.status,
  lastSyncedAt: feed.lastSyncedAt?.toISOString() ?? null,
  error: feed.error ?? null,
});

export async function listCalendarFeeds(
  em: EntityManager,
  actor: Actor,
  userId: number,
): Promise<TCalendarFeed[]> {
  await requireEditable(em, actor, userId, 'calendars');
  const feeds = await em.find(CalendarFeed, { user: userId }, { orderBy: { id: 'asc' } });
  return feeds.map(calendarFeedView);
}

/** Adds a feed as pending and queues its first fetch in the same transaction. */
export async function addCalendarFeed(
  em: EntityManager,
  actor: Actor,
  userId: number,
  url: string,
  queue: JobQueue | undefined,
): Promise<TCalendarFeed> {
  await requireEditable(em, actor, userId, 'calendars');
  return em.transactional(async (tem) => {
    if ((await tem.count(CalendarFeed, { user: userId })) >= MAX_FEEDS_PER_USER)
      throw new AppError(
        'BAD_REQUEST',
        `A user can have at most ${MAX_FEEDS_PER_USER} calendar feeds`,
        'url',
      );
    const feed = tem.create(CalendarFeed, {
      user: userReference(tem, userId),
      url,
      // Fetched now by the job below; the periodic refresh takes over after that.
      nextSyncAt: new Date(Date.now() + FEED_REFRESH_MS),
    });
    await tem.flush();
    await queue?.sendInTransaction(tem, CALENDAR_FEED_QUEUE, { feedId: feed.id });
    return calendarFeedView(feed);
  });
}

async function feedOf(em: EntityManager, actor: Actor, userId: number, feedId: number) {
  await requireEditable(em, actor, userId, 'calendars');
  const feed = await em.findOne(CalendarFeed, { id: feedId, user: userId });
  if (!feed) throw notFound('Calendar feed', feedId);
  return feed;
}

/** Removes the feed and its busy times (cascade). */
export async function removeCalendarFeed(
  em: EntityManager,
  actor: Actor,
  userId: number,
  feedId: number,
): Promise<void> {
  await em.remove(await feedOf(em, actor, userId, feedId)).flush();
}

/** Queues a fetch now; the answer is the feed as it stands (its status changes when done). */
export async function refreshCalendarFeed(
  em: EntityManager,
  actor: Actor,
  userId: number,
  feedId: number,
  queue: JobQueue | undefined,
): Promise<TCalendarFeed> {
  const feed = await feedOf(em, actor, userId, feedId);
  await em.transactional((tem) => queue?.sendInTransaction(tem, CALENDAR_FEED_QUEUE, { feedId }));
  return calendarFeedView(feed);
}

/** Said after the reason a feed went over a budget (calendar-feed-budget.ts). */
const NOT_RETRIED = 'It is not read again automatically: refresh it to try again.';

/**
 * Fetches and reads the feed, then replaces its busy times and records the outcome. A failure
 * keeps the busy times of the last good fetch (stale beats none) and records the error. A feed
 * over a budget is also left out of the periodic refresh (`overBudget`): it would cost the same
 * again every 10 minutes. A refresh by hand (a job like this one) still reads it.
 */
export async function syncCalendarFeed(
  em: EntityManager,
  feedId: number,
  options: FeedFetchOptions,
  log?: Logger,
  now = bookingNow(),
): Promise<void> {
  const feed = await em.findOne(CalendarFeed, feedId);
  if (!feed) return; // removed since the job was queued
  const hours = await em.findOne(UserAvailability, { user: feed.user.id });
  let busy;
  try {
    const text = await fetchFeed(feed.url, options);
    busy = await readFeedInChildProcess(
      text,
      {
        from: new Date(now.getTime() - KEEP_BEHIND_MS),
        to: new Date(now.getTime() + KEEP_AHEAD_MS),
      },
      hours?.timeZone ?? 'UTC',
    );
  } catch (error) {
    if (error instanceof FeedReaderError)
      log?.warn('calendar feed reader failed', {
        feedId,
        error: error.message,
        output: error.output,
      });
    const overBudget = error instanceof FeedBudgetError;
    const reason = error instanceof Error ? error.message : String(error);
    const message = overBudget ? `${reason}. ${NOT_RETRIED}` : reason;
    await em.nativeUpdate(
      CalendarFeed,
      { id: feedId },
      { status: 'failed', error: message.slice(0, 500), lastSyncedAt: now, overBudget },
    );
    return;
  }
  await em.transactional(async (tem) => {
    await replaceBusyTimes(tem, { id: feedId, userId: feed.user.id }, busy);
    await tem.nativeUpdate(
      CalendarFeed,
      { id: feedId },
      { status: 'ok', error: null, lastSyncedAt: now, overBudget: false },
    );
  });
}
