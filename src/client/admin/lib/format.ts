/**
 * Formatting shared by the admin screens. Fixed to en-US so figures read the same everywhere;
 * times in the signed-in user's zone (display-zone.ts), and a time says which zone it is in.
 */
import { displayName } from '../../../shared/users.schema';
import { displayTimeZone } from './display-zone';

/** How a user is named, on every screen and in the server's emails (one rule, in src/shared). */
export { displayName };

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
/** The zone's short name: 'EST', 'GMT+1'. */
const ZONE: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };

const formats = new Map<string, Intl.DateTimeFormat>();
/** A formatter in the display zone, made once per zone and shape. */
function inZone(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = displayTimeZone();
  const key = `${timeZone} ${name}`;
  let format = formats.get(key);
  if (!format)
    formats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return format;
}
const numberFormat = new Intl.NumberFormat('en-US');

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 4, 2026'; an unreadable value shows as a dash rather than 'Invalid Date'. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? inZone('date', DATE).format(date) : '—';
}

/** 'Mar 4, 2026, 2:05 PM EST'. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? inZone('date-time', { ...DATE, ...TIME, ...ZONE }).format(date) : '—';
}

/** '2:05 PM EST', for lists already grouped by day. */
export function formatTime(value: string | Date): string {
  const date = toDate(value);
  return date ? inZone('time', { ...TIME, ...ZONE }).format(date) : '—';
}

/** 'Wednesday, March 4', a day heading in the display zone. */
export function formatLongDay(value: string | Date): string {
  const date = toDate(value);
  return date
    ? inZone('long-day', { weekday: 'long', month: 'long', day: 'numeric' }).format(date)
    : '—';
}

/** Thousands separators: 50000 -> '50,000'. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : numberFormat.format(value);
}

export interface Named {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** The avatar letter: first letter of the display name, uppercase. */
export function initialOf(user: Named): string {
  return (displayName(user).trim().charAt(0) || '?').toUpperCase();
}

/** 'workflow_automation' -> 'WORKFLOW AUTOMATION'. */
export function serviceTypeLabel(serviceType: string): string {
  return serviceType.replace(/_/g, ' ').toUpperCase();
}

/** 'draft' -> 'Draft'. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** 'Mar 4' for chart axes from a 'YYYY-MM-DD' day (a calendar day, whatever the zone). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
