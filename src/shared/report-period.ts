import { addDays, dayInZone, startOfDayInZone } from './time-zone';

/**
 * The days a report covers: the last `days` calendar days of the company's time zone, today
 * included. Every figure of a period counts from `start` (the first day's midnight there).
 */
export interface ReportPeriod {
  days: number;
  timeZone: string;
  /** The first day, YYYY-MM-DD, as the daily roll-up names its days. */
  firstDay: string;
  start: Date;
}

/** The last `days` UTC days, today included, as the website figures ask for them (from, to). */
export function utcDays(days: number, now = new Date()): { from: string; to: string } {
  const { firstDay } = reportPeriod(days, 'UTC', now);
  return { from: firstDay, to: now.toISOString().slice(0, 10) };
}

export function reportPeriod(days: number, timeZone: string, now = new Date()): ReportPeriod {
  const firstDay = addDays(dayInZone(now, timeZone), -(days - 1));
  return { days, timeZone, firstDay, start: startOfDayInZone(firstDay, timeZone) };
}
