// The emails of a booked call: an iMIP invitation to the lead and to the host when it is booked or
// moved (same UID, SEQUENCE raised), a cancellation when it is cancelled, and the lead's reminders.
// Subscribed to the booking events, so they are written and queued in the booking's transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { DEFAULT_BOOKING_REMINDER_OFFSETS } from '../../shared/booking.schema';
import {
  queueEmails,
  suppressQueuedEmails,
  type Notifier,
  type OutboxEmail,
} from '../notifications/outbox.service';
import { autoReplyName, textToHtml } from '../notifications/email-text.service';
import { displayName } from '../../shared/users.schema';
import { bookingWithPeopleOnce, type BookingWithPeople } from './booking-reads.sql';
import { bookingNow } from './clock';
import { manageUrlOf } from './manage-url';
import { calendarText, type CalendarEvent, type CalendarMethod } from './icalendar';

export type BookingChange = 'booked' | 'moved' | 'cancelled';

/** "Thursday, 3 December 2026 at 10:00 (Europe/Berlin)" */
export const whenIn = (date: Date, zone: string) =>
  `${DateTime.fromJSDate(date, { zone }).toFormat("cccc, d LLLL yyyy 'at' HH:mm")} (${zone})`;

/** The booking with its people, as the emails and calendar files need them. */
export async function bookingParticipants(em: EntityManager, bookingId: number, publicUrl: string) {
  return participantsOf(await bookingWithPeopleOnce(em, bookingId), publicUrl);
}

/** The participants of a booking read with its people (booking-reads.sql.ts). */
export function participantsOf(row: BookingWithPeople, publicUrl: string) {
  const manageUrl = `${publicUrl}${manageUrlOf(row.manage_token)}`;
  // What the lead's copies quote of the name they typed: the auto-reply's cleaned name (no links,
  // addresses or numbers, 40 characters), as these go to whatever address was typed.
  const leadName = autoReplyName(row.contact_name);
  const hostName = displayName({
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
  });
  const event: CalendarEvent = {
    bookingId: row.id,
    sequence: row.sequence,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    cancelled: row.status === 'cancelled',
    summary: `Convoza strategy call: ${leadName} and ${hostName}`,
    description: `Your strategy call with Convoza.\nReschedule or cancel: ${manageUrl}`,
    url: manageUrl,
    organizer: { name: hostName, email: row.host_email },
    attendee: { name: leadName, email: row.contact_email },
  };
  // The host's copy of the same event (one UID and SEQUENCE): the back office's links, never the
  // lead's manage link, which anything reading the rep's calendar could use to cancel the call.
  const contactUrl = `${publicUrl}/admin/contacts?contact=${row.contact_id}`;
  const hostEvent: CalendarEvent = {
    ...event,
    description: `Strategy call with ${row.contact_name}.\nContact: ${contactUrl}\nMeetings: ${publicUrl}/admin/meetings`,
    url: contactUrl,
  };
  return {
    booking: { id: row.id, startsAt: row.starts_at, endsAt: row.ends_at },
    host: { name: hostName, email: row.host_email, zone: row.host_zone ?? 'UTC' },
    contact: {
      id: row.contact_id,
      name: row.contact_name,
      quotedName: leadName,
      email: row.contact_email,
      company: row.contact_company,
    },
    leadZone: row.time_zone ?? 'UTC',
    manageUrl,
    event,
    hostEvent,
  };
}

type Participants = Awaited<ReturnType<typeof bookingParticipants>>;

function invitations(p: Participants, change: BookingChange, publicUrl: string): OutboxEmail[] {
  const method: CalendarMethod = change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const calendarOf = (event: CalendarEvent) => calendarText(method, [event], bookingNow());
  const minutes = Math.round((p.booking.endsAt.getTime() - p.booking.startsAt.getTime()) / 60_000);
  const leadWhen = whenIn(p.booking.startsAt, p.leadZone);
  const hostWhen = whenIn(p.booking.startsAt, p.host.zone);
  const lead = {
    booked: {
      subject: `Your Convoza strategy call is booked: ${leadWhen}`,
      body: `Your ${minutes}-minute strategy call with ${p.host.name} is booked for ${leadWhen}.\n\nThe invitation is attached: add it to your calendar.`,
    },
    moved: {
      subject: `Your Convoza strategy call has moved: ${leadWhen}`,
      body: `Your strategy call with ${p.host.name} is now on ${leadWhen}. The attached invitation replaces the earlier one.`,
    },
    cancelled: {
      subject: `Your Convoza strategy call is cancelled: ${leadWhen}`,
      body: `Your strategy call with ${p.host.name} on ${leadWhen} is cancelled. Reply to this email whenever you want to talk again.`,
    },
  }[change];
  const leadText = `Hi ${p.contact.quotedName},\n\n${lead.body}\n\n${
    change === 'cancelled' ? '' : `To reschedule or cancel: ${p.manageUrl}\n\n`
  }The Convoza team`;
  const who = `${p.contact.name} (${p.contact.email}${p.contact.company ? `, ${p.contact.company}` : ''})`;
  const host = {
    booked: {
      subject: `Booked call: ${p.contact.name}, ${hostWhen}`,
      body: `${who} booked a strategy call with you for ${hostWhen}.`,
    },
    moved: {
      subject: `Call moved: ${p.contact.name}, ${hostWhen}`,
      body: `Your strategy call with ${who} is now on ${hostWhen}.`,
    },
    cancelled: {
      subject: `Call cancelled: ${p.contact.name}, ${hostWhen}`,
      body: `Your strategy call with ${who} on ${hostWhen} is cancelled.`,
    },
  }[change];
  const hostText = `${host.body}\n\nContact: ${publicUrl}/admin/contacts?contact=${p.contact.id}\nMeetings: ${publicUrl}/admin/meetings`;
  const message = (
    to: string,
    subject: string,
    text: string,
    toVisitor: boolean,
    event: CalendarEvent,
  ): OutboxEmail => ({
    kind: 'booking_invitation',
    to,
    toVisitor,
    subject: subject.slice(0, 300),
    text,
    html: textToHtml(text),
    contactId: p.contact.id,
    bookingId: p.booking.id,
    calendar: calendarOf(event),
  });
  return [
    message(p.contact.email, lead.subject, leadText, true, p.event),
    message(p.host.email, host.subject, hostText, false, p.hostEvent),
  ];
}

/** "in 24 hours", "in 1 hour", "in 90 minutes" */
const inMinutes = (m: number) =>
  m % 60 === 0 ? `in ${m / 60} ${m === 60 ? 'hour' : 'hours'}` : `in ${m} minutes`;

/** The lead's reminders still ahead (an offset already past when booking is skipped). */
function reminders(p: Participants, offsets: number[]): OutboxEmail[] {
  const now = bookingNow().getTime();
  const when = whenIn(p.booking.startsAt, p.leadZone);
  return offsets
    .map((minutes) => ({ minutes, at: new Date(p.booking.startsAt.getTime() - minutes * 60_000) }))
    .filter(({ at }) => at.getTime() > now)
    .map(({ minutes, at }) => {
      const text = `Hi ${p.contact.quotedName},\n\nA reminder: your strategy call with ${p.host.name} starts ${inMinutes(minutes)}, ${when}.\n\nTo reschedule or cancel: ${p.manageUrl}\n\nThe Convoza team`;
      return {
        kind: 'booking_reminder',
        to: p.contact.email,
        toVisitor: true,
        subject: `Reminder: your Convoza strategy call ${inMinutes(minutes)}`,
        text,
        html: textToHtml(text),
        contactId: p.contact.id,
        bookingId: p.booking.id,
        sendAfter: at,
      };
    });
}

/**
 * Queues what a change of a booked call sends. A move or a cancellation first suppresses the
 * reminders still waiting (they were about the old time), in the same transaction.
 */
export async function queueBookingEmails(
  em: EntityManager,
  bookingId: number,
  change: BookingChange,
  notifier: Notifier,
): Promise<void> {
  if (change !== 'booked')
    await suppressQueuedEmails(
      em,
      bookingId,
      change === 'moved' ? 'The call was moved' : 'The call was cancelled',
    );
  const p = await bookingParticipants(em, bookingId, notifier.publicUrl);
  await queueEmails(
    em,
    [
      ...invitations(p, change, notifier.publicUrl),
      ...(change === 'cancelled'
        ? []
        : reminders(p, notifier.bookingReminderOffsets ?? DEFAULT_BOOKING_REMINDER_OFFSETS)),
    ],
    notifier,
  );
}
