import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updateTime } from '../db/timestamps';

/**
 * The one row (id 1) of site-wide booking settings. `tokenSecret` keys the booking links' HMAC
 * (booking-token.ts): every instance signs alike, and it never leaves the server.
 */
export const BookingSettings = defineEntity({
  name: 'BookingSettings',
  tableName: 'booking_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    enabled: p.boolean(),
    durationMinutes: p.integer(),
    bufferMinutes: p.integer(),
    minNoticeMinutes: p.integer(),
    horizonDays: p.integer(),
    maxPerDayPerHost: p.integer(),
    slotStepMinutes: p.integer(),
    maxBookingsPerHour: p.integer().default(20),
    maxBookingsPerDay: p.integer().default(100),
    tokenSecret: p.string().length(64).hidden(),
    updatedAt: updateTime(),
  },
  checks: [{ name: 'booking_settings_id_check', expression: 'id = 1' }],
});
export type IBookingSettings = InferEntity<typeof BookingSettings>;
