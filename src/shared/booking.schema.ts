// Booking the strategy call: a host's availability, the site's booking settings, the free slots a
// lead sees and the bookings themselves. The rules these numbers stand for are in
// src/server/booking/slots.ts.
import { z } from 'zod';
import { cursorMatching, ZPageLimit } from './paging.schema';
import { dayText, instantText, optionalText, ZId, ZIsoDate } from './text.schema';
import { ZTimeZone } from './time-zone';
import { ZContact } from './contacts.schema';

export const BOOKING_MESSAGES = {
  unavailable: 'Booking is not available',
  badToken: 'This booking link is not valid or has expired',
  taken: 'That time was just taken. Please pick another.',
  notOffered: 'That time is not offered. Please pick one of the times shown.',
  outsideWindow: 'That time is outside the booking window. Please pick one of the times shown.',
  alreadyBooked: 'You already have a call booked',
  notFound: 'Booking not found',
  notUpcoming: 'This booking can no longer be changed',
  notStarted: 'A call can be marked completed or no-show once it has started',
  /** Over the site's booking cap: the lead still has the email to answer. */
  busyReading: 'Many people are picking a time right now. Please try again in a moment.',
  busy: 'We are taking a lot of bookings right now. Please reply to the email we sent you and we will find a time with you.',
} as const;

const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const ZClock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Times are HH:MM, from 00:00 to 24:00');
/** A YYYY-MM-DD that names a day of the calendar (2027-02-30 does not: Date.parse takes it). */
/** An interval's end comes after its start: the issue names the interval's `end`. */
const endsAfterStart = (ctx: z.core.ParsePayload<{ start: string; end: string }>) => {
  const { start, end } = ctx.value;
  if (minutesOfDay(start) >= minutesOfDay(end))
    ctx.issues.push({
      code: 'custom',
      path: ['end'],
      message: `Must be after the start (${start})`,
      input: end,
    });
};

const ZInterval = z.strictObject({ start: ZClock, end: ZClock }).check(endsAfterStart);

/** Intervals of one day may not overlap (they are working hours, not a calendar). */
const apart = (intervals: { start: string; end: string }[]) =>
  [...intervals]
    .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start))
    .every((i, n, all) => n === 0 || minutesOfDay(all[n - 1]!.end) <= minutesOfDay(i.start));

export const ZAvailability = z.strictObject({
  timeZone: ZTimeZone,
  weekly: z
    .array(
      z
        .strictObject({ weekday: z.number().int().min(1).max(7), start: ZClock, end: ZClock })
        .check(endsAfterStart),
    )
    .max(50)
    .refine(
      (rows) => [1, 2, 3, 4, 5, 6, 7].every((d) => apart(rows.filter((r) => r.weekday === d))),
      'Intervals of one weekday may not overlap',
    ),
  overrides: z
    .array(
      z.strictObject({
        date: dayText('date'),
        // None: a day off.
        intervals: z.array(ZInterval).max(10).refine(apart, 'Intervals may not overlap'),
      }),
    )
    .max(400)
    .refine(
      (days) => new Set(days.map((d) => d.date)).size === days.length,
      'One override per date',
    ),
});
export type TAvailability = z.output<typeof ZAvailability>;

/** How long a booking link lives unless BOOKING_TOKEN_TTL_HOURS says otherwise: a week. */
export const DEFAULT_BOOKING_TOKEN_TTL_HOURS = 168;

/** Minutes before a call that the lead is reminded, unless BOOKING_REMINDER_OFFSETS says otherwise. */
export const DEFAULT_BOOKING_REMINDER_OFFSETS = [1440, 60];

export const DEFAULT_BOOKING_SETTINGS = {
  enabled: true,
  durationMinutes: 30,
  bufferMinutes: 10,
  minNoticeMinutes: 120,
  horizonDays: 14,
  maxPerDayPerHost: 8,
  slotStepMinutes: 30,
  /**
   * Calls the whole site takes per hour and per day from booking links. Anyone who fills in the
   * contact form gets a link: without a cap, a crowd of submissions books out every host.
   */
  maxBookingsPerHour: 20,
  maxBookingsPerDay: 100,
} as const;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

export const ZBookingSettings = z.strictObject({
  enabled: z.boolean(),
  durationMinutes: whole('Duration', 15, 120),
  bufferMinutes: whole('Buffer', 0, 60),
  minNoticeMinutes: whole('Minimum notice', 0, 10_080),
  horizonDays: whole('Horizon', 1, 60),
  maxPerDayPerHost: whole('Bookings per day', 1, 50),
  slotStepMinutes: whole('Slot step', 5, 120),
  maxBookingsPerHour: whole('Bookings per hour', 1, 1000),
  maxBookingsPerDay: whole('Bookings per day', 1, 10_000),
});
export type TBookingSettings = z.output<typeof ZBookingSettings>;

export const ZSlotsQuery = z
  .object({
    /** The booking link's token; or, to move a booking, its manage token (its own time is free). */
    token: z.string().max(500).optional(),
    manageToken: z.string().max(200).optional(),
    from: dayText('from').optional(),
    days: z.coerce.number().int().min(1).max(14).default(7),
    timeZone: ZTimeZone.default('UTC'),
  })
  .refine((q) => Boolean(q.token) !== Boolean(q.manageToken), {
    message: 'token is required',
    path: ['token'],
  });

/** Free times to move a booked call to, for staff (the booking's own time counts as free). */
export const ZMoveSlotsQuery = z.object({
  from: dayText('from').optional(),
  days: z.coerce.number().int().min(1).max(14).default(7),
  timeZone: ZTimeZone.default('UTC'),
});

export const ZSlots = z.object({
  timeZone: z.string(),
  durationMinutes: z.number(),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.object({ startsAt: ZIsoDate })) })),
});
export type TSlots = z.output<typeof ZSlots>;

export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<TBookingStatus, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
};

const ZStartsAt = instantText('startsAt');

export const ZBookingCreate = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(500),
  startsAt: ZStartsAt,
  /** The visitor's zone: their emails show the time in it. */
  timeZone: ZTimeZone.optional(),
});
export const ZReschedule = z.strictObject({ startsAt: ZStartsAt });
/** The secret of a booking's manage link (`/booking/{manageToken}`). */
export const ZManageToken = z.string().max(200);
export const ZCancel = z.strictObject({ reason: optionalText(500) });

/** What the lead sees of a booking (the manage page, the answer to booking). */
export const ZBooking = z.object({
  id: ZId,
  startsAt: ZIsoDate,
  endsAt: ZIsoDate,
  status: z.enum(BOOKING_STATUSES),
  host: z.object({ name: z.string() }),
  manageUrl: z.string(),
});
export type TBooking = z.output<typeof ZBooking>;

/** The `data` of the booking webhooks: the call, and its contact as it is now. */
export const ZBookingWebhookData = z.object({ booking: ZBooking, contact: ZContact });

/** A contact submission's way to the booking page. */
export const ZBookingLink = z.object({ token: z.string(), url: z.string() });

/** GET /api/bookings: by start time (then id), from/to ISO instants, one page after `cursor`. */
export const ZBookingListQuery = z.object({
  from: instantText('from').optional(),
  to: instantText('to').optional(),
  hostId: ZId.optional(),
  /** One contact's calls (its details). */
  contactId: ZId.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  /** asc: soonest first (upcoming calls); desc: latest first (past calls), pages going back. */
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
  limit: ZPageLimit,
  /** The nextCursor of the previous page (`<start in ms>.<id>`). */
  cursor: cursorMatching(/^\d{1,15}\.[1-9]\d{0,9}$/),
});

export const ZBookingListItem = z.object({
  id: ZId,
  contactId: ZId,
  hostId: ZId,
  startsAt: ZIsoDate,
  endsAt: ZIsoDate,
  status: z.enum(BOOKING_STATUSES),
  contact: z.object({ name: z.string(), email: z.string() }),
});
export type TBookingListItem = z.output<typeof ZBookingListItem>;

export const ZBookingList = z.object({
  items: z.array(ZBookingListItem),
  nextCursor: z.string().nullable(),
});

/** What staff record after a call. */
export const BOOKING_OUTCOMES = ['completed', 'no_show'] as const;
export type TBookingOutcome = (typeof BOOKING_OUTCOMES)[number];

/** PATCH /bookings/{id}: how the call went, with a note for the contact's timeline. */
export const ZBookingOutcome = z.strictObject({
  id: ZId,
  status: z.enum(BOOKING_OUTCOMES, { error: 'status must be completed or no_show' }),
  note: optionalText(5000).optional(),
});

/** The task a missed call leaves its host (due the next working day). */
export const NO_SHOW_FOLLOW_UP = 'Follow up after the missed call';

/** pending: not fetched yet; ok: the last fetch was read; failed: see `error`. */
export const CALENDAR_FEED_STATUSES = ['pending', 'ok', 'failed'] as const;

export const ZCalendarFeedCreate = z.strictObject({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .max(2000, 'url must be at most 2000 characters')
    .refine((url) => {
      try {
        return ['http:', 'https:', 'webcal:'].includes(new URL(url).protocol);
      } catch {
        return false;
      }
    }, 'url must be an http(s) or webcal address of an iCal calendar'),
});

export const ZCalendarFeed = z.object({
  id: z.number().int(),
  url: z.string(),
  status: z.enum(CALENDAR_FEED_STATUSES),
  lastSyncedAt: ZIsoDate.nullable(),
  error: z.string().nullable(),
});
export type TCalendarFeed = z.output<typeof ZCalendarFeed>;
