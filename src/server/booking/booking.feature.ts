import type { Feature } from '../feature';
import { seedDemoAvailability } from './booking.demo';
import { queueBookingEmails } from './booking-emails';
import { BookingSettings } from './booking-settings.entity';
import { Booking } from './booking.entity';
import { CalendarBusyTime, CalendarFeed } from './calendar-feed.entity';
import { CalendarSubscription } from './calendar-subscription.entity';
import { refuseWhileHosting } from './hosts-leaving';
import { tellHostsOfErasedLeads } from './erased-lead-calls';
import { UserAvailability } from './user-availability.entity';
import { CALENDAR_FEED_QUEUE } from './calendar-feed.queue';
import { startCalendarFeedWorker } from './calendar-feed-worker';

/** Strategy calls booked by leads: hosts' hours, the settings, and the bookings. */
export const bookingFeature: Feature = {
  name: 'booking',
  queues: [CALENDAR_FEED_QUEUE],
  // Hosts' calendar feeds, fetched under the webhooks' network guard; the sweep stops with the
  // instance.
  startWorkers: async ({ queue, orm, notifier, log }) => {
    const stopSweep = await startCalendarFeedWorker(
      queue,
      orm,
      notifier.webhooks ?? { allowPrivateNetworks: false },
      log,
    );
    return () => stopSweep();
  },
  entities: [
    BookingSettings,
    UserAvailability,
    Booking,
    CalendarFeed,
    CalendarBusyTime,
    CalendarSubscription,
  ],
  seedDemo: seedDemoAvailability,
  // Invitations, cancellations and reminders, queued in the transaction that changes the call.
  subscriptions: ({ notifier }) => ({
    'booking.created': [
      (em, { booking }) => queueBookingEmails(em, booking.id, 'booked', notifier),
    ],
    'booking.rescheduled': [
      (em, { booking }) => queueBookingEmails(em, booking.id, 'moved', notifier),
    ],
    'booking.cancelled': [
      (em, { booking }) => queueBookingEmails(em, booking.id, 'cancelled', notifier),
    ],
    'user.deleting': [(em, { userId }) => refuseWhileHosting(em, userId)],
    'person.erasing': [(em, { contactIds }) => tellHostsOfErasedLeads(em, contactIds, notifier)],
  }),
};
