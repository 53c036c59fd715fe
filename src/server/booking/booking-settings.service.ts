import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_BOOKING_SETTINGS, type TBookingSettings } from '../../shared/booking.schema';
import { singletonSettings } from '../db/singleton-settings';
import { BookingSettings, type IBookingSettings } from './booking-settings.entity';

export interface BookingRules extends TBookingSettings {
  /** HMAC key of the booking links; server-only. */
  tokenSecret: string;
}

const toRules = (row: IBookingSettings): BookingRules =>
  Object.freeze({
    enabled: row.enabled,
    durationMinutes: row.durationMinutes,
    bufferMinutes: row.bufferMinutes,
    minNoticeMinutes: row.minNoticeMinutes,
    horizonDays: row.horizonDays,
    maxPerDayPerHost: row.maxPerDayPerHost,
    slotStepMinutes: row.slotStepMinutes,
    maxBookingsPerHour: row.maxBookingsPerHour,
    maxBookingsPerDay: row.maxBookingsPerDay,
    tokenSecret: row.tokenSecret,
  });

const table = singletonSettings({
  entity: BookingSettings,
  cacheKey: 'booking_settings',
  firstRow: () => ({ ...DEFAULT_BOOKING_SETTINGS, tokenSecret: randomBytes(32).toString('hex') }),
  toSettings: toRules,
});

/** The settings (created with the defaults on first use), from the cache every instance shares. */
export const loadBookingRules = table.load;

export async function getBookingSettings(em: EntityManager): Promise<TBookingSettings> {
  const { tokenSecret: _secret, ...settings } = await loadBookingRules(em);
  return settings;
}

/** Saves the settings through the unit of work (the audit log records each changed field). */
export async function updateBookingSettings(
  em: EntityManager,
  input: TBookingSettings,
): Promise<TBookingSettings> {
  await table.save(em, input);
  return getBookingSettings(em);
}
