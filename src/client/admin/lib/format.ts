/** Formatting shared by the admin screens. Fixed to en-US so figures read the same everywhere. */
import { displayName } from '../../../shared/users.schema';

/** How a user is named, on every screen and in the server's emails (one rule, in src/shared). */
export { displayName };

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const numberFormat = new Intl.NumberFormat('en-US');

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 4, 2026'; an unreadable value shows as a dash rather than 'Invalid Date'. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/** Thousands separators: 50000 -> '50,000'. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : numberFormat.format(value);
}

interface Named {
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

/** 'Mar 4' for chart axes from a 'YYYY-MM-DD' day (read as UTC, the server's day boundary). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
