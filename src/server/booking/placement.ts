// Writing a booking to a host: the exclusion constraint decides the time, a host after another
// when several are free, and the day's cap confirmed last under the host's day lock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { BOOKING_MESSAGES } from '../../shared/booking.schema';
import { setContactOwner } from '../contacts/contact-owner.service';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { BookingRules } from './booking-settings.service';
import { lockHostDay, tryClaimSlot } from './booking-locks.sql';
import { isOverlap } from './booking-writes.sql';
import { confirmedBookings, lastBookedAt } from './host-schedule.sql';
import { freeHostsAt } from './host-calendars';
import { bookedTimes, type HostCalendar } from './slots';
import { localDateOf, startOfLocalDate } from './wall-clock';

/** Thrown inside a host's savepoint when that host cannot take the time; the next one is tried. */
class HostTaken extends Error {}

interface Placement {
  rules: BookingRules;
  contact: { id: number; owner?: { id: number } | null };
  start: Date;
  /** The booking being moved: its own time does not count as busy. */
  moving?: { id: number; hostId: number };
  /**
   * Checks that need a lock, run once this transaction holds the time (a crowd's losers, and a
   * time already taken, skip them).
   */
  beforeTaking?: (em: EntityManager) => Promise<void>;
}

/**
 * Writes the booking with one of the hosts free at `start`: they are tried in turn (the moving
 * booking's host first, then the one booked least recently), each but the last in a savepoint;
 * `take` writes the row and the exclusion constraint decides the time. The host taken becomes the
 * contact's owner; the caller confirms the day's cap (confirmDayCap) last, before its commit.
 * 400 for a time never offered, 409 when nobody could take it.
 */
export async function placeWithHost(
  em: EntityManager,
  { rules, contact, start, moving, beforeTaking }: Placement,
  events: EventBus,
  take: (
    sp: EntityManager,
    hostId: number,
    times: ReturnType<typeof bookedTimes>,
  ) => Promise<boolean>,
): Promise<HostCalendar> {
  const free = await freeHostsAt(em, rules, contact, start, moving);
  if (free.length > 1) {
    const last = await lastBookedAt(
      em,
      free.map((h) => h.hostId),
    );
    const rank = (h: HostCalendar) =>
      h.hostId === moving?.hostId ? -1 : (last.get(h.hostId)?.getTime() ?? 0);
    free.sort((a, b) => rank(a) - rank(b) || a.hostId - b.hostId);
  }
  const times = bookedTimes(rules, start);
  const attempt = async (sp: EntityManager, host: HostCalendar) => {
    // Someone is booking this very time with this host right now: they get it (a rare false
    // "taken" if their booking then fails is the price of not making a crowd wait).
    if (!(await tryClaimSlot(sp, host.hostId, start))) throw new HostTaken();
    // Run again for each host tried: a savepoint rolled back has let go of its locks.
    await beforeTaking?.(sp);
    // The exclusion constraint decides the time, against every booking already committed or
    // being written (an overlapping, not identical, time waits for the other to finish).
    if (!(await take(sp, host.hostId, times))) throw new HostTaken();
    return true;
  };
  const lost = (error: unknown) =>
    error instanceof HostTaken || isOverlap(error) ? false : Promise.reject(error);
  for (const [i, host] of free.entries()) {
    // A savepoint lets the next host be tried; the last one needs none, as its failure is a 409
    // that rolls the whole transaction back.
    const took =
      i === free.length - 1
        ? await attempt(em, host).catch(lost)
        : await em.transactional((sp) => attempt(sp, host), { propagation: 'nested' }).catch(lost);
    if (!took) continue;
    if (contact.owner?.id !== host.hostId)
      await setContactOwner(
        em,
        { id: contact.id, ownerId: host.hostId, actorId: null, reason: 'booking' },
        events,
      );
    return host;
  }
  throw new AppError('CONFLICT', BOOKING_MESSAGES.taken, 'startsAt').as('BOOKING_SLOT_TAKEN');
}

/** A host's day filled up while this booking was being written (another booking took the last place). */
export class DayFull extends Error {}

/**
 * The daily cap, checked last before the commit: under an advisory lock on the host's local day,
 * held to the commit, the day's confirmed bookings (this one included) may not exceed the cap.
 * Each holder counts after the previous one committed, so the cap is exact, and the lock is held
 * only for this count and the commit.
 */
export async function confirmDayCap(
  em: EntityManager,
  host: HostCalendar,
  rules: BookingRules,
  start: Date,
): Promise<void> {
  const zone = host.availability.timeZone;
  const day = localDateOf(start, zone);
  await lockHostDay(em, host.hostId, day);
  const dayStart = startOfLocalDate(day, zone);
  const dayEnd = DateTime.fromJSDate(dayStart, { zone }).plus({ days: 1 }).toJSDate();
  const sameDay = await confirmedBookings(em, [host.hostId], { from: dayStart, to: dayEnd });
  if (sameDay.filter((b) => b.startsAt >= dayStart).length > rules.maxPerDayPerHost)
    throw new DayFull();
}

/** A lost race for a day's last place is tried again from a fresh look (that host's day is full now). */
export const DAY_FULL_RETRIES = 2;
