// How booked-call times read on screen, on the public booking pages and in the back office alike.

/** The zone the browser runs in (what a visitor or staff member sees times in by default). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "Monday, December 7" for a calendar date (YYYY-MM-DD), whatever the zone. */
export const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** "10:30 AM" for an instant in a zone. */
export const timeLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
