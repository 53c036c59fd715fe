// Who can host a contact's call and when they are busy: the hosts' hours, their confirmed
// bookings and their calendar feeds' busy times, as the slot rules (slots.ts) read them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { BOOKING_MESSAGES } from '../../shared/booking.schema';
import { AppError } from '../errors';
import type { BookingRules } from './booking-settings.service';
import { availabilityOf, busyTimes, fallbackHostIds } from './host-schedule.sql';
import { bookingNow } from './clock';
import { bookableWindow, hasFreeStart, isOffered, type HostCalendar, type Interval } from './slots';
import { localDateOf } from './wall-clock';

const DAY = 24 * 3600_000;

/**
 * Hosts' calendars over `window` (widened by a day each side for buffers and local days): their
 * confirmed bookings, leaving out the booking being moved (`exclude`), and their feeds' busy times.
 */
async function calendars(em: EntityManager, hostIds: number[], window: Interval, exclude?: number) {
  const hosts = await availabilityOf(em, hostIds);
  const ids = hosts.map((h) => h.hostId);
  const from = new Date(window.start.getTime() - DAY);
  const to = new Date(window.end.getTime() + DAY);
  const busy = await busyTimes(em, ids, { from, to });
  const bookings = busy.filter((b) => b.id !== 0 && b.id !== exclude);
  const external = busy.filter((b) => b.id === 0);
  return hosts.map((h): HostCalendar => {
    const own = bookings.filter((b) => b.hostId === h.hostId);
    const bookedPerDay = new Map<string, number>();
    for (const b of own) {
      const day = localDateOf(b.startsAt, h.availability.timeZone);
      bookedPerDay.set(day, (bookedPerDay.get(day) ?? 0) + 1);
    }
    return {
      ...h,
      busy: [...own, ...external.filter((b) => b.hostId === h.hostId)].map((b) => ({
        start: b.startsAt,
        end: b.endsAt,
      })),
      bookedPerDay,
    };
  });
}

/**
 * Who may host the contact's call: its owner while the owner has free time in the horizon;
 * otherwise the lead-routing pool, or every active admin when the pool is empty (each with
 * availability).
 */
export async function hostsFor(
  em: EntityManager,
  contact: { owner?: { id: number } | null },
  rules: BookingRules,
  window: Interval,
  exclude?: number,
  /** Booking this time: an owner free at it hosts, without looking through the whole horizon. */
  at?: Interval,
): Promise<HostCalendar[]> {
  const ownerId = contact.owner?.id;
  if (ownerId !== undefined) {
    const [owner] = await calendars(em, [ownerId], window, exclude);
    if (owner && at && hasFreeStart(owner, rules, at)) return [owner];
    if (owner && hasFreeStart(owner, rules, window)) return [owner];
  }
  const others = (await fallbackHostIds(em)).filter((id) => id !== ownerId);
  return calendars(em, others, window, exclude);
}

/**
 * The hosts free at `start`, as of now: 400 when no host's hours offer it at all (outside hours,
 * notice, horizon or step), 409 when every host who could take it is busy.
 */
export async function freeHostsAt(
  em: EntityManager,
  rules: BookingRules,
  contact: { owner?: { id: number } | null },
  start: Date,
  moving?: { id: number },
): Promise<HostCalendar[]> {
  const now = bookingNow();
  const at = { start, end: new Date(start.getTime() + 1) };
  const hosts = await hostsFor(em, contact, rules, bookableWindow(rules, now), moving?.id, at);
  if (!hosts.some((h) => isOffered(h.availability, rules, start, now)))
    throw new AppError('BAD_REQUEST', BOOKING_MESSAGES.notOffered, 'startsAt');
  const free = hosts.filter((h) => hasFreeStart(h, rules, at));
  if (!free.length) throw new AppError('CONFLICT', BOOKING_MESSAGES.taken, 'startsAt');
  return free;
}
