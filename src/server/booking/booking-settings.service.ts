import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_BOOKING_SETTINGS, type TBookingSettings } from '../../shared/booking.schema';
import { cachedRead, invalidateShared } from '../db/shared-cache';
import { BookingSettings, type IBookingSettings } from './booking-settings.entity';

export interface BookingRules extends TBookingSettings {
  /** HMAC key of the booking links; server-only. */
  tokenSecret: string;
}

const SETTINGS_ID = 1;
const CACHE_KEY = 'booking_settings';

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

const readRow = (em: EntityManager) => em.findOne(BookingSettings, SETTINGS_ID, { refresh: true });

/** The settings (created with the defaults on first use), from the cache every instance shares. */
export function loadBookingRules(em: EntityManager): Promise<BookingRules> {
  return cachedRead(em, CACHE_KEY, async () => {
    const row = await readRow(em);
    if (row) return toRules(row);
    // Two instances may race to create it: the loser's insert does nothing and it reads the winner's.
    await em
      .createQueryBuilder(BookingSettings)
      .insert({
        id: SETTINGS_ID,
        ...DEFAULT_BOOKING_SETTINGS,
        tokenSecret: randomBytes(32).toString('hex'),
      })
      .onConflict('id')
      .ignore()
      .execute();
    return toRules((await readRow(em))!);
  });
}

export async function getBookingSettings(em: EntityManager): Promise<TBookingSettings> {
  const { tokenSecret: _secret, ...settings } = await loadBookingRules(em);
  return settings;
}

/** Saves the settings through the unit of work (the audit log records each changed field). */
export async function updateBookingSettings(
  em: EntityManager,
  input: TBookingSettings,
): Promise<TBookingSettings> {
  await loadBookingRules(em); // creates the row on first use
  const row = (await readRow(em))!;
  em.assign(row, { ...input, updatedAt: new Date() });
  await em.flush();
  await invalidateShared(em, CACHE_KEY);
  return getBookingSettings(em);
}
