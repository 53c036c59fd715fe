import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CALENDAR_FEED_STATUSES } from '../../shared/booking.schema';
import { creationTime } from '../db/timestamps';
import { User } from '../users/user.entity';
import { maskSecretUrl } from './secret-url';

/**
 * A host's external calendar: the secret iCal address Google or Outlook gives. A job fetches it
 * (when added, every 10 minutes and on demand) and replaces its busy times; `status` and `error`
 * say how the last fetch went.
 */
export const CalendarFeed = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** A password in effect: shown and audited masked (secret-url.ts). */
    url: p.string().length(2000).serializer(maskSecretUrl),
    status: p.enum(CALENDAR_FEED_STATUSES).default('pending'),
    lastSyncedAt: p.datetime().nullable(),
    error: p.string().length(500).nullable(),
    /**
     * Its last read went over a budget (time, memory, size, occurrences: calendar-feed-budget.ts):
     * the periodic refresh leaves it alone, a refresh by hand reads it again.
     */
    overBudget: p.boolean().default(false),
    /** When the periodic refresh takes it next (an instance claims it by moving this on). */
    nextSyncAt: p.datetime().defaultRaw('now()').index(),
    createdAt: creationTime(),
  },
});

export type ICalendarFeed = InferEntity<typeof CalendarFeed>;

/** One busy interval of a feed, as of its last fetch; a host is not offered at these times. */
export const CalendarBusyTime = defineEntity({
  name: 'CalendarBusyTime',
  tableName: 'calendar_busy_times',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    feed: () => p.manyToOne(CalendarFeed).deleteRule('cascade').index(),
    /** The feed's user, kept here so a host's busy times are one index range. */
    userId: p.integer(),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
  },
  indexes: [
    { name: 'calendar_busy_times_user_starts_at_index', properties: ['userId', 'startsAt'] },
  ],
});
