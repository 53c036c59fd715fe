// The contact about to book, read with what decides at once whether its owner can take the time
// and whether the site is booked up (one round trip).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAvailability } from '../../shared/booking.schema';
import { Contact } from '../contacts/contact.entity';
import { runSql, typedSql } from '../db/typed-sql';
import { sql } from 'kysely';
import { claimSlot } from './booking-locks.sql';

/** A contact about to book, with what decides at once whether its owner can take the time. */
export interface BookingContact {
  id: number;
  owner: { id: number } | null;
  /** The owner's hours, when the owner can host (active, with hours saved); else null. */
  ownerHours: TAvailability | null;
  /**
   * The owner cannot take this time right now: another transaction holds it (claimSlot), or
   * a committed booking of theirs overlaps it with the buffers (the exclusion constraint's test).
   * Always false when the owner cannot host.
   */
  ownerTaken: boolean;
  /** Calls booked site-wide in the last hour and the last 24 hours, up to the caps (the site's booking caps). */
  bookedLastHour: number;
  bookedLastDay: number;
}

/**
 * The contact of a booking at `times`, its owner's time claimed in the same statement, and the
 * site's recent bookings counted up to `caps`: one round trip tells a crowd's losers that the
 * time is taken, and tells everyone when the site is booked up, before any calendar is read.
 */
export async function contactForBooking(
  em: EntityManager,
  contactId: number,
  times: { startsAt: Date; blockedUntil: Date },
  caps: { perHour: number; perDay: number },
): Promise<BookingContact | undefined> {
  const [row] = await runSql(
    em,
    sql<{
      id: number;
      owner_id: number | null;
      time_zone: string | null;
      weekly: TAvailability['weekly'] | null;
      overrides: TAvailability['overrides'] | null;
      taken: boolean;
      booked_last_hour: string;
      booked_last_day: string;
    }>`select c.id, c.owner_id, a.time_zone, a.weekly, a.overrides,
            (select count(*) from (select 1 from bookings
                                    where created_at > now() - interval '1 hour' limit ${caps.perHour}) h) as booked_last_hour,
            (select count(*) from (select 1 from bookings
                                    where created_at > now() - interval '24 hours' limit ${caps.perDay}) d) as booked_last_day,
            case when a.user_id is null then false
                 else not ${claimSlot(sql`c.owner_id`, times.startsAt)}
                   or exists (select 1 from bookings b
                               where b.host_id = c.owner_id and b.status = 'confirmed'
                                 and tstzrange(b.starts_at, b.blocked_until) && tstzrange(${times.startsAt}, ${times.blockedUntil}))
            end as taken
       from contacts c
       left join users u on u.id = c.owner_id and u.is_active
       left join user_availability a on a.user_id = u.id
      where c.id = ${contactId}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    owner: row.owner_id === null ? null : { id: row.owner_id },
    ownerHours:
      row.time_zone === null
        ? null
        : { timeZone: row.time_zone, weekly: row.weekly!, overrides: row.overrides! },
    ownerTaken: row.taken,
    bookedLastHour: Number(row.booked_last_hour),
    bookedLastDay: Number(row.booked_last_day),
  };
}

/** A contact's id and owner, or undefined (what booking needs of it, without loading the entity). */
export async function contactOwner(
  em: EntityManager,
  contactId: number,
): Promise<{ id: number; owner: { id: number } | null } | undefined> {
  const row = await typedSql(em, [Contact])
    .selectFrom('contacts')
    .select(['id', 'owner_id'])
    .where('id', '=', contactId)
    .executeTakeFirst();
  return row && { id: row.id, owner: row.owner_id === null ? null : { id: row.owner_id } };
}
