// Booked calls for the analytics: how many, how many leads booked and how fast, no-shows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { percentOf, type TBookingStats } from '../../shared/analytics.schema';
import type { ReportPeriod } from '../../shared/report-period';
import { ContactDailyDelta } from '../contacts/contact-daily.entity';
import { Contact } from '../contacts/contact.entity';
import { typedSql } from '../db/typed-sql';
import { Booking } from './booking.entity';

const MINUTE_MS = 60_000;
const BOOKING_WINDOW_MINUTES = 7 * 24 * 60;

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
}

/**
 * Booked calls of the period, read through typedSql like the counts above. Leads are counted
 * from the daily roll-up (as leadsBySource) so the rate never counts the contacts table.
 */
export async function bookingStats(
  em: EntityManager,
  { start: since, firstDay }: ReportPeriod,
): Promise<TBookingStats> {
  const now = new Date();
  const sql = typedSql(em, [Booking, Contact, ContactDailyDelta]);
  const [calls, leads, firsts] = await Promise.all([
    sql
      .selectFrom('bookings')
      .select(({ fn, eb, and }) => {
        const due = [
          eb('starts_at', '>=', since.toISOString()),
          eb('starts_at', '<', now.toISOString()),
        ];
        return [
          fn
            .countAll()
            .filterWhere(
              and([eb('created_at', '>=', since.toISOString()), eb('status', '<>', 'cancelled')]),
            )
            .as('booked'),
          fn
            .countAll()
            .filterWhere(and([...due, eb('status', '<>', 'cancelled')]))
            .as('due'),
          fn
            .countAll()
            .filterWhere(and([...due, eb('status', '=', 'no_show')]))
            .as('noShows'),
        ];
      })
      .executeTakeFirstOrThrow(),
    sql
      .selectFrom('contact_daily_deltas')
      .select(({ fn }) => fn.sum('delta').as('count'))
      .where('day', '>=', firstDay)
      .executeTakeFirstOrThrow(),
    // Each lead of the period that booked, with its first booking (any status).
    sql
      .selectFrom('bookings as b')
      .innerJoin('contacts as c', 'c.id', 'b.contact_id')
      .select(({ fn }) => ['c.created_at', fn.min('b.created_at').as('first')])
      .where('c.created_at', '>=', since.toISOString())
      .groupBy('c.id')
      .execute(),
  ]);
  const minutes = firsts
    .map((r) => (new Date(r.first).getTime() - new Date(r.created_at).getTime()) / MINUTE_MS)
    .filter((m) => m <= BOOKING_WINDOW_MINUTES);
  return {
    booked: Number(calls.booked),
    bookedRatePct: percentOf(minutes.length, Number(leads.count ?? 0)),
    medianMinutesToBooking: median(minutes),
    noShowRatePct: percentOf(Number(calls.noShows), Number(calls.due)),
  };
}
