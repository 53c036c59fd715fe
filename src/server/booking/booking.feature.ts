import { ZBookingWebhookData } from '../../shared/booking.schema';
import { getContact } from '../contacts/contacts.service';
import { webhookEvent, type Feature } from '../feature';
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
import { bookingExport } from './booking-export.sql';

/** A booking webhook: `{ booking, contact }`, the contact as it is now (read per event). */
const bookingWebhook = (
  type: 'booking.created' | 'booking.rescheduled' | 'booking.cancelled',
  label: string,
) =>
  webhookEvent({
    type,
    label,
    version: 1,
    data: ZBookingWebhookData,
    on: type,
    bodies: async (em, events) =>
      Promise.all(
        events.map(async ({ contactId, booking }) => ({
          contactId,
          data: { booking, contact: await getContact(em, contactId) },
        })),
      ),
  });

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
  privacy: { export: [bookingExport] },
  seedDemo: seedDemoAvailability,
  webhooks: [
    bookingWebhook('booking.created', 'Call booked by a lead'),
    bookingWebhook('booking.rescheduled', 'Booked call moved'),
    bookingWebhook('booking.cancelled', 'Booked call cancelled'),
  ],
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
