import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '../../shared/notifications.schema';
import { PERSONAL } from '../db/personal-data';

/**
 * One email about a lead (the outbox): written, fully rendered, in the transaction that stores
 * the contact, then sent by the `email` job. Its id makes the Message-ID, so a retry after a
 * crash between the SMTP server's "250 OK" and our update is recognisably the same message.
 */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notification_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p.enum(NOTIFICATION_KINDS),
    to: p.string().length(254).groups(PERSONAL),
    subject: p.string().length(300).groups(PERSONAL),
    text: p.text().groups(PERSONAL),
    html: p.text().groups(PERSONAL),
    status: p.enum(NOTIFICATION_STATUSES).default('queued'),
    attempts: p.integer().default(0),
    lastError: p.string().length(1000).nullable(),
    contactId: p.integer().nullable().index(),
    /** An iCalendar object sent with the email as an iMIP invitation (booked calls). */
    calendar: p.text().nullable().groups(PERSONAL),
    /** The booked call a message is about: its pending reminders are suppressed when it changes. */
    bookingId: p.integer().nullable().index(),
    /** Not sent before this time (reminders); null: at once. */
    sendAfter: p.datetime().nullable(),
    createdAt: creationTime(),
    sentAt: p.datetime().nullable(),
    /**
     * Sent to an address a visitor typed (the auto-reply, a lead's call invitations and
     * reminders), not to staff: the relay limits apply (visitor-email-limits.sql.ts).
     */
    toVisitor: p.boolean().default(false),
    /** When a message to a visitor passed the relay limits; they count these. */
    releasedAt: p.datetime().nullable(),
  },
  indexes: [
    {
      // Every message to an address, in any case: a person's data export and erasure.
      name: 'notification_messages_to_lower_index',
      expression:
        'create index "notification_messages_to_lower_index" on "notification_messages" (lower("to"))',
    },
    {
      // The relay limit per address: this address's released auto-replies of the last day.
      name: 'notification_messages_auto_reply_released_index',
      expression:
        'create index "notification_messages_auto_reply_released_index" on "notification_messages" (lower("to"), "released_at") where "kind" = \'auto_reply\' and "released_at" is not null',
    },
    {
      // The site's hourly relay limit: released messages to visitors of the last hour.
      name: 'notification_messages_visitor_hour_index',
      expression:
        'create index "notification_messages_visitor_hour_index" on "notification_messages" ("released_at") where "to_visitor" and "released_at" is not null',
    },
    {
      // The daily limits per address and per booked call.
      name: 'notification_messages_visitor_to_index',
      expression:
        'create index "notification_messages_visitor_to_index" on "notification_messages" (lower("to"), "released_at") where "to_visitor" and "released_at" is not null',
    },
    {
      name: 'notification_messages_visitor_booking_index',
      expression:
        'create index "notification_messages_visitor_booking_index" on "notification_messages" ("booking_id", "released_at") where "to_visitor" and "released_at" is not null',
    },
  ],
});
export type INotification = InferEntity<typeof Notification>;
