import { defineQueue } from '../jobs/job-queue';

/** A feed to fetch now (added, refreshed by hand, or due). */
export interface CalendarFeedJob {
  feedId: number;
}

/** A failed fetch is recorded on the feed, and the next periodic refresh tries again. */
export const CALENDAR_FEED_QUEUE = defineQueue<CalendarFeedJob>('calendarFeed', {
  retryLimit: 1,
  retryDelay: 30,
  expireInSeconds: 120,
});
