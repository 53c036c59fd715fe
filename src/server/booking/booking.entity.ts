import { defineEntity, p } from '@mikro-orm/core';
import { BOOKING_STATUSES } from '../../shared/booking.schema';
import { creationTime } from '../db/timestamps';
import { Contact } from '../contacts/contact.entity';
import { User } from '../users/user.entity';
import { PERSONAL } from '../db/personal-data';

/**
 * A booked call of a contact with a host. `blockedUntil` is the end plus the buffer that applied
 * when it was booked: the exclusion constraint `bookings_no_overlap` (migration) refuses a second
 * confirmed booking of the same host whose [startsAt, blockedUntil) overlaps, so two leads racing
 * for one time can never both get it. `manageToken` is the lead's link to reschedule or cancel;
 * `sequence` is the iCalendar SEQUENCE, raised on every move.
 */
export const Booking = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  properties: {
    id: p.integer().primary().autoincrement(),
    contact: () => p.manyToOne(Contact).deleteRule('cascade').index(),
    host: () => p.manyToOne(User).deleteRule('cascade'),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    blockedUntil: p.datetime(),
    status: p.enum(BOOKING_STATUSES).default('confirmed'),
    manageToken: p.string().length(64).unique().hidden(),
    sequence: p.integer().default(0),
    cancelReason: p.string().length(500).nullable().groups(PERSONAL),
    /** The lead's time zone when booking: their emails show times in it (null: UTC). */
    timeZone: p.string().length(64).nullable(),
    createdAt: creationTime(),
  },
  indexes: [
    { name: 'bookings_host_starts_at_index', properties: ['host', 'startsAt'] },
    // The site's booking caps count the last day's bookings.
    { name: 'bookings_created_at_index', properties: ['createdAt'] },
  ],
  // Declared (as the database describes them) so the migration generator keeps them; created by
  // Migration20261126002820.
  checks: [
    {
      name: 'bookings_ends_after_start',
      expression: '(ends_at > starts_at) AND (blocked_until >= ends_at)',
    },
    {
      name: 'bookings_no_overlap',
      expression:
        "EXCLUDE USING gist (host_id WITH =, tstzrange(starts_at, blocked_until) WITH &&) WHERE ((status = 'confirmed'::text))",
    },
  ],
});
