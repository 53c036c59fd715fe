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

export function reportPeriod(days: number, timeZone: string, now = new Date()): ReportPeriod {
  const firstDay = addDays(dayInZone(now, timeZone), -(days - 1));
  return { days, timeZone, firstDay, start: startOfDayInZone(firstDay, timeZone) };
}
