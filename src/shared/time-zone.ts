// Time zones: a user's (how the back office shows times) and the company's (where analytics and
// business hours draw their days). One rule for a valid zone, shared by the forms and the API.
import { z } from 'zod';

/** The company's zone until an admin picks one, and a user's until one is detected. */
export const DEFAULT_TIME_ZONE = 'UTC';

export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA zone name such as Europe/Berlin';

/**
 * The zones the database knows (lower case), once the server has read them at start: a zone is
 * stored to be used in PostgreSQL as well as in the runtime, and each has names the other lacks
 * (Node's ICU still takes `US/Pacific-New`, which PostgreSQL's zone files dropped). Unset in a
 * browser, where the runtime's list is the rule.
 */
let databaseZones: ReadonlySet<string> | undefined;

/** Accept from now on only zones also in `names` (the server, with pg_timezone_names). */
export function restrictTimeZonesTo(names: Iterable<string>): void {
  databaseZones = new Set([...names].map((name) => name.toLowerCase()));
}

/**
 * An IANA name the runtime knows (and the database, on the server). Offsets such as `+01:00` are
 * refused: PostgreSQL reads them as POSIX zones, with the sign the other way round.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  if (databaseZones && !databaseZones.has(value.toLowerCase())) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A known zone spelled as the zone list does (`europe/berlin` → `Europe/Berlin`), else as typed. */
let zonesByLowerCase: Map<string, string> | undefined;
function spelled(zone: string): string {
  zonesByLowerCase ??= new Map(
    [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone')].map((z) => [z.toLowerCase(), z]),
  );
  return zonesByLowerCase.get(zone.toLowerCase()) ?? zone;
}

export const ZTimeZone = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .refine(isTimeZone, TIME_ZONE_MESSAGE)
  // overwrite, not transform: the same schema describes the API's answers (OpenAPI).
  .overwrite(spelled);

/** Every zone to choose from, UTC first. */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf('timeZone').filter(
    (zone) => zone !== DEFAULT_TIME_ZONE && isTimeZone(zone),
  );
  return [DEFAULT_TIME_ZONE, ...zones];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayInZone(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm`, as a datetime-local input gives it) means in
 * a zone. A time skipped by a summer-time change moves forward by the change.
 */
export function instantInZone(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local}Z`);
  const guess = wall - offsetAt(new Date(wall), timeZone);
  // The offset at the guess may differ (a DST change in between): correct once with it.
  return new Date(wall - offsetAt(new Date(guess), timeZone));
}

/** The wall-clock time (`YYYY-MM-DDTHH:mm`) of an instant in a zone, for a datetime-local input. */
export function wallClockInZone(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetAt(at, timeZone)).toISOString().slice(0, 16);
}

/** The instant a calendar day (YYYY-MM-DD) begins in a zone (its first minute, across DST). */
export function startOfDayInZone(day: string, timeZone: string): Date {
  return instantInZone(`${day}T00:00`, timeZone);
}

/** The day `n` days after a calendar day (negative: before). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}
