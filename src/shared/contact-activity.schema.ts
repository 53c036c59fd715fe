import { z } from 'zod';
import { BOOKING_OUTCOMES } from './booking.schema';
import { CONTACT_STATUSES, EDITABLE_CONTACT_FIELDS } from './contacts.schema';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from './notifications.schema';
import { storableText, ZId, ZIsoDate } from './text.schema';
import { WEBHOOK_DELIVERY_STATUSES } from './webhooks.schema';

/** The kinds written to the activity table. */
export const RECORDED_ACTIVITY_TYPES = [
  'fields_changed',
  'status_changed',
  'owner_changed',
  'note',
  'booking_created',
  'booking_rescheduled',
  'booking_cancelled',
  'call_outcome',
  'task_created',
  'task_done',
  'task_reassigned',
] as const;

/**
 * What a contact's timeline shows: the recorded kinds above, and three read from their own
 * tables: its creation (with source), and the lead emails and webhook deliveries about it.
 */
export const CONTACT_ACTIVITY_TYPES = [
  'created',
  ...RECORDED_ACTIVITY_TYPES,
  'email',
  'webhook',
] as const;
export type TRecordedActivityType = (typeof RECORDED_ACTIVITY_TYPES)[number];

export const NOTE_MAX_LENGTH = 5000;
export const NOTE_MESSAGES = {
  required: 'Note is required',
  tooLong: `Note must be at most ${NOTE_MAX_LENGTH} characters`,
} as const;

export const ZActivityActor = z.object({ id: z.number().int(), username: z.string() });

const ZStatus = z.enum(CONTACT_STATUSES);
const ZUserId = z.number().int().nullable();

/** What each kind of timeline entry carries, written once: the server writes it, the screen reads it. */
export const ACTIVITY_DATA = {
  created: z.object({ source: z.string() }),
  /** A person corrected fields: each one's value before and after. */
  fields_changed: z.object({
    changes: z.array(
      z.object({
        field: z.enum(EDITABLE_CONTACT_FIELDS),
        from: z.string().nullable(),
        to: z.string().nullable(),
      }),
    ),
  }),
  status_changed: z.object({ from: ZStatus, to: ZStatus }),
  owner_changed: z.object({
    from: ZUserId,
    to: ZUserId,
    /** Why, when no person did it. */
    reason: z.enum(['round_robin', 'booking']).optional(),
  }),
  note: z.object({ noteId: z.number().int(), body: z.string() }),
  email: z.object({
    kind: z.enum(NOTIFICATION_KINDS),
    to: z.string(),
    subject: z.string(),
    status: z.enum(NOTIFICATION_STATUSES),
    sentAt: ZIsoDate.nullable(),
  }),
  webhook: z.object({
    event: z.string(),
    url: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
  }),
  booking_created: z.object({ bookingId: z.number().int(), startsAt: ZIsoDate, host: z.string() }),
  booking_rescheduled: z.object({
    bookingId: z.number().int(),
    from: ZIsoDate,
    startsAt: ZIsoDate,
    host: z.string(),
  }),
  booking_cancelled: z.object({
    bookingId: z.number().int(),
    startsAt: ZIsoDate,
    reason: z.string().optional(),
  }),
  /** How a booked call went, with the host's note. */
  call_outcome: z.object({
    bookingId: z.number().int(),
    outcome: z.enum(BOOKING_OUTCOMES),
    note: z.string().optional(),
  }),
  task_created: z.object({
    taskId: z.number().int(),
    title: z.string(),
    dueAt: ZIsoDate,
    assigneeId: z.number().int(),
  }),
  task_done: z.object({ taskId: z.number().int(), title: z.string() }),
  task_reassigned: z.object({
    taskId: z.number().int(),
    title: z.string(),
    from: z.number().int(),
    to: z.number().int(),
  }),
} as const satisfies Record<(typeof CONTACT_ACTIVITY_TYPES)[number], z.ZodType>;
export type TActivityData = {
  [T in keyof typeof ACTIVITY_DATA]: z.output<(typeof ACTIVITY_DATA)[T]>;
};

const entry = <T extends keyof typeof ACTIVITY_DATA>(type: T) =>
  z.object({
    /** `type:number`, unique across the timeline (e.g. `note:12`, `email:5`). */
    id: z.string(),
    type: z.literal(type),
    at: ZIsoDate,
    actor: ZActivityActor.nullable(),
    data: ACTIVITY_DATA[type],
  });

/** A note as the timeline shows it (what adding one answers). */
export const ZNoteActivity = entry('note');
export type TNoteActivity = z.output<typeof ZNoteActivity>;

/** One timeline entry: its `data` is typed by its `type`. */
export const ZContactActivity = z.discriminatedUnion('type', [
  entry('created'),
  entry('fields_changed'),
  entry('status_changed'),
  entry('owner_changed'),
  ZNoteActivity,
  entry('email'),
  entry('webhook'),
  entry('booking_created'),
  entry('booking_rescheduled'),
  entry('booking_cancelled'),
  entry('call_outcome'),
  entry('task_created'),
  entry('task_done'),
  entry('task_reassigned'),
]);
export type TContactActivity = z.output<typeof ZContactActivity>;

export const ZContactActivityQuery = z.object({
  id: ZId,
  limit: z.coerce
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(1000, 'Must be at most 1000')
    .default(200),
});

export const ZNoteCreate = z.strictObject({
  id: ZId,
  body: z
    .string({ error: NOTE_MESSAGES.required })
    .trim()
    .min(1, { message: NOTE_MESSAGES.required, abort: true })
    .max(NOTE_MAX_LENGTH, { message: NOTE_MESSAGES.tooLong, abort: true })
    .check(storableText),
});

export const ZNoteDelete = z.strictObject({ id: ZId, noteId: ZId });
