// A host's subscription feed: a secret address their calendar app polls for their booked calls.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../auth/session';
import { userReference } from '../users/user-lookup.service';
import { requireEditable } from './availability.service';
import { participantsOf } from './booking-emails';
import {
  bookingWithPeopleOfLink,
  hostBookingsWithPeople,
  type BookingWithPeople,
} from './booking-reads.sql';
import { CalendarSubscription } from './calendar-subscription.entity';
import { calendarText, type CalendarEvent } from './icalendar';
import { isLinkToken, newLinkToken } from './link-token';

/** Calls this far back stay in the feed, so the week's past calls remain in the calendar. */
const PAST_DAYS = 30;
/** A feed this long is years of calls; calendar apps poll it every few hours. */
const MAX_CALLS = 2000;

const urlOf = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

/**
 * A call as the host's feed shows it: the host's copy of the event (the lead's name, links into
 * the back office) without the lead's address. Nothing that acts on the booking or reaches the
 * lead: a feed address gets pasted into calendar apps and shared, and holding it must not let
 * anyone cancel or move a call.
 */
function feedEvent(call: BookingWithPeople, publicUrl: string): CalendarEvent {
  const { attendee: _lead, ...event } = participantsOf(call, publicUrl).hostEvent;
  return event;
}

/**
 * The user's subscription address: made on first request, or a new one with `renew` (the old one
 * answers 404 from then on).
 */
export async function calendarSubscription(
  em: EntityManager,
  actor: Actor,
  userId: number,
  publicUrl: string,
  { renew = false } = {},
): Promise<{ url: string }> {
  await requireEditable(em, actor, userId, 'calendar subscription');
  await em.upsert(
    CalendarSubscription,
    { user: userReference(em, userId), token: newLinkToken() },
    renew
      ? { onConflictFields: ['user'], onConflictAction: 'merge', onConflictMergeFields: ['token'] }
      : { onConflictFields: ['user'], onConflictAction: 'ignore' },
  );
  const row = await em.findOneOrFail(CalendarSubscription, { user: userId }, { refresh: true });
  return { url: urlOf(publicUrl, row.token) };
}

/** The feed's text for `token`, or null for a token nobody holds. */
export async function subscriptionCalendar(
  em: EntityManager,
  token: string,
  publicUrl: string,
): Promise<string | null> {
  if (!isLinkToken(token)) return null;
  const subscription = await em.findOne(CalendarSubscription, { token });
  if (!subscription) return null;
  const now = new Date();
  const calls = await hostBookingsWithPeople(
    em,
    subscription.user.id,
    new Date(now.getTime() - PAST_DAYS * 24 * 3600_000),
    MAX_CALLS,
  );
  const events = calls.map((call) => feedEvent(call, publicUrl));
  return calendarText('PUBLISH', events, now, 'Convoza strategy calls');
}

/** The lead's "Add to calendar" file for a booking, or null for an unknown manage link. */
export async function bookingCalendarFile(
  em: EntityManager,
  manageToken: string,
  publicUrl: string,
): Promise<string | null> {
  if (!isLinkToken(manageToken)) return null;
  const booking = await bookingWithPeopleOfLink(em, manageToken);
  if (!booking) return null;
  return calendarText('PUBLISH', [participantsOf(booking, publicUrl).event], new Date());
}
