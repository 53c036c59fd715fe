// A host's subscription feed: a secret address their calendar app polls for their booked calls.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../auth/session';
import { User } from '../users/user.entity';
import { requireEditable } from './availability.service';
import { bookingParticipants, participantsOf } from './booking-emails';
import { hostBookingsWithPeople } from './bookings.sql';
import { Booking } from './booking.entity';
import { CalendarSubscription } from './calendar-subscription.entity';
import { calendarText } from './icalendar';

const FEED_TOKEN = /^[0-9a-f]{64}$/;
/** Calls this far back stay in the feed, so the week's past calls remain in the calendar. */
const PAST_DAYS = 30;
/** A feed this long is years of calls; calendar apps poll it every few hours. */
const MAX_CALLS = 2000;

const urlOf = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;
const newToken = () => randomBytes(32).toString('hex');

/** The user's subscription address, made on first request. */
export async function getCalendarSubscription(
  em: EntityManager,
  actor: Actor,
  userId: number,
  publicUrl: string,
): Promise<{ url: string }> {
  await requireEditable(em, actor, userId, 'calendar subscription');
  await em.upsert(
    CalendarSubscription,
    { user: em.getReference(User, userId), token: newToken() },
    { onConflictFields: ['user'], onConflictAction: 'ignore' },
  );
  const row = await em.findOneOrFail(CalendarSubscription, { user: userId }, { refresh: true });
  return { url: urlOf(publicUrl, row.token) };
}

/** A new address; the old one answers 404 from now on. */
export async function regenerateCalendarSubscription(
  em: EntityManager,
  actor: Actor,
  userId: number,
  publicUrl: string,
): Promise<{ url: string }> {
  await requireEditable(em, actor, userId, 'calendar subscription');
  const token = newToken();
  await em.upsert(
    CalendarSubscription,
    { user: em.getReference(User, userId), token },
    { onConflictFields: ['user'], onConflictAction: 'merge', onConflictMergeFields: ['token'] },
  );
  return { url: urlOf(publicUrl, token) };
}

/** The feed's text for `token`, or null for a token nobody holds. */
export async function subscriptionCalendar(
  em: EntityManager,
  token: string,
  publicUrl: string,
): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const subscription = await em.findOne(CalendarSubscription, { token });
  if (!subscription) return null;
  const now = new Date();
  const calls = await hostBookingsWithPeople(
    em,
    subscription.user.id,
    new Date(now.getTime() - PAST_DAYS * 24 * 3600_000),
    MAX_CALLS,
  );
  const events = calls.map((call) => participantsOf(call, publicUrl).event);
  return calendarText('PUBLISH', events, now, 'Convoza strategy calls');
}

/** The lead's "Add to calendar" file for a booking, or null for an unknown manage link. */
export async function bookingCalendarFile(
  em: EntityManager,
  manageToken: string,
  publicUrl: string,
): Promise<string | null> {
  if (!FEED_TOKEN.test(manageToken)) return null;
  const booking = await em.findOne(Booking, { manageToken }, { fields: ['id'] });
  if (!booking) return null;
  const { event } = await bookingParticipants(em, booking.id, publicUrl);
  return calendarText('PUBLISH', [event], new Date());
}
