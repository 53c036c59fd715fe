import { z } from 'zod';
import { storableText, ZId, ZIsoDate } from './text.schema';

/**
 * What a contact's timeline shows: its creation (with source), status and owner changes, notes,
 * and the lead emails and webhook deliveries about it.
 */
export const CONTACT_ACTIVITY_TYPES = [
  'created',
  'status_changed',
  'owner_changed',
  'note',
  'email',
  'webhook',
  'booking_created',
  'booking_rescheduled',
  'booking_cancelled',
] as const;

/** The kinds written to the activity table; the others come from their own tables. */
export const RECORDED_ACTIVITY_TYPES = [
  'status_changed',
  'owner_changed',
  'note',
  'booking_created',
  'booking_rescheduled',
  'booking_cancelled',
] as const;
export type TRecordedActivityType = (typeof RECORDED_ACTIVITY_TYPES)[number];

export const NOTE_MAX_LENGTH = 5000;
export const NOTE_MESSAGES = {
  required: 'Note is required',
  tooLong: `Note must be at most ${NOTE_MAX_LENGTH} characters`,
} as const;

export const ZActivityActor = z.object({ id: z.number().int(), username: z.string() });

export const ZContactActivity = z.object({
  /** `type:number`, unique across the timeline (e.g. `note:12`, `email:5`). */
  id: z.string(),
  type: z.enum(CONTACT_ACTIVITY_TYPES),
  at: ZIsoDate,
  actor: ZActivityActor.nullable(),
  /**
   * created: { source }; status_changed: { from, to }; owner_changed: { from, to } (user ids or
   * null); note: { noteId, body }; email: { kind, to, subject, status, sentAt }; webhook:
   * { event, url, status, attempts, responseStatus }; booking_*: { bookingId, startsAt, host,
   * from (rescheduled), reason (cancelled) }.
   */
  data: z.record(z.string(), z.unknown()),
});
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
