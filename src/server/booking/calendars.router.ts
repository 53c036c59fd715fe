import { z } from 'zod';
import { ZCalendarFeed, ZCalendarFeedCreate } from '../../shared/booking.schema';
import { ZId, ZOk } from '../../shared/text.schema';
import { restRoutes } from '../trpc/rest-meta';
import { authedProcedure } from '../trpc/trpc';
import {
  addCalendarFeed,
  listCalendarFeeds,
  refreshCalendarFeed,
  removeCalendarFeed,
} from './calendar-feeds.service';
import { calendarSubscription } from './calendar-subscription.service';

const rest = restRoutes(['booking'], 'calendar_feed');
const ZFeedInput = z.strictObject({ id: ZId, feedId: ZId });
const ZSubscription = z.object({ url: z.string() });

/** A host's calendars: external feeds that make them busy, and the feed of their booked calls. */
export const calendarProcedures = {
  calendarFeeds: authedProcedure
    .meta(
      rest(
        'GET',
        '/users/{id}/calendar-feeds',
        "A user's external calendars (own, or any as admin)",
        {
          description:
            'Each with the last fetch: its time, status (pending, ok, failed) and error.',
        },
      ),
    )
    .input(z.strictObject({ id: ZId }))
    .output(z.array(ZCalendarFeed))
    .query(({ ctx, input }) => listCalendarFeeds(ctx.em, ctx.actor, input.id)),

  addCalendarFeed: authedProcedure
    .meta(
      rest(
        'POST',
        '/users/{id}/calendar-feeds',
        'Add an external calendar by its secret iCal address',
        {
          description:
            'The address Google Calendar or Outlook gives (https or webcal). Its events become busy time: fetched ' +
            'once now, then every 10 minutes. Addresses on loopback or private networks are refused when fetched ' +
            '(the status says so), as for webhooks. A calendar over a reading budget (10 s, a 128 MB heap, 10 MB, ' +
            '50,000 occurrences) fails with the reason and is fetched again only when refreshed. At most 10 per user.',
          audit: 'create',
          created: true,
        },
      ),
    )
    .input(ZCalendarFeedCreate.extend({ id: ZId }))
    .output(ZCalendarFeed)
    .mutation(({ ctx, input }) =>
      addCalendarFeed(ctx.em, ctx.actor, input.id, input.url, ctx.deps.jobs),
    ),

  refreshCalendarFeed: authedProcedure
    .meta(
      rest(
        'POST',
        '/users/{id}/calendar-feeds/{feedId}/refresh',
        'Fetch an external calendar now',
        {
          description:
            'Queues a fetch, also of a feed left out of the 10-minute refresh for going over a reading budget; ' +
            'the feed answers as it stands, and its status changes when done.',
          audit: 'update',
        },
      ),
    )
    .input(ZFeedInput)
    .output(ZCalendarFeed)
    .mutation(({ ctx, input }) =>
      refreshCalendarFeed(ctx.em, ctx.actor, input.id, input.feedId, ctx.deps.jobs),
    ),

  removeCalendarFeed: authedProcedure
    .meta(
      rest('DELETE', '/users/{id}/calendar-feeds/{feedId}', 'Remove an external calendar', {
        audit: 'delete',
      }),
    )
    .input(ZFeedInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await removeCalendarFeed(ctx.em, ctx.actor, input.id, input.feedId);
      return { success: true, message: 'Calendar removed' };
    }),

  calendarSubscription: authedProcedure
    .meta(
      rest(
        'GET',
        '/users/{id}/calendar-subscription',
        "The secret address of a host's booked calls",
        {
          description:
            'An iCal address (`/api/calendar/{feedToken}.ics`) to subscribe to in a calendar app.',
        },
      ),
    )
    .input(z.strictObject({ id: ZId }))
    .output(ZSubscription)
    .query(({ ctx, input }) =>
      calendarSubscription(ctx.em, ctx.actor, input.id, ctx.deps.notifier.publicUrl),
    ),

  regenerateCalendarSubscription: authedProcedure
    .meta(
      rest(
        'POST',
        '/users/{id}/calendar-subscription/regenerate',
        'Replace the subscription address',
        {
          description: 'The old address answers 404 from now on.',
          audit: { action: 'update', entity: 'calendar_subscription' },
        },
      ),
    )
    .input(z.strictObject({ id: ZId }))
    .output(ZSubscription)
    .mutation(({ ctx, input }) =>
      calendarSubscription(ctx.em, ctx.actor, input.id, ctx.deps.notifier.publicUrl, {
        renew: true,
      }),
    ),
};
