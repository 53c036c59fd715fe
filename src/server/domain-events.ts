import type { TBooking, TBookingOutcome, TBookingStatus } from '../shared/booking.schema';
import type { TTask } from '../shared/tasks.schema';
import type { TErasureCounts } from '../shared/privacy.schema';
import type { TContact, TContactStatus, TEditableContactField } from '../shared/contacts.schema';

/**
 * What happens to the data, as the services that change it publish it (inside the change's
 * transaction). Features react by subscribing (their *.feature.ts); a publisher knows none of them.
 */
export interface DomainEvents {
  /**
   * A lead arrived (website form, integration key, released from quarantine, entered by hand
   * with source `manual`); an import's bookkeeping publishes nothing. `contact` is the contact as it was stored: a
   * subscriber that needs its owner reads the contact (routing may have given it one) or
   * subscribes to contact.owner_changed.
   */
  'contact.created': { contact: TContact };
  /** A person corrected a contact's fields: each changed one, before and after. */
  'contact.fields_changed': {
    contactId: number;
    changes: { field: TEditableContactField; from: string | null; to: string | null }[];
    actorId: number;
  };
  'contact.status_changed': { contact: TContact; from: TContactStatus; actorId: number | null };
  'contact.owner_changed': {
    contactId: number;
    from: number | null;
    to: number | null;
    actorId: number | null;
    /** Why, when no person did it. */
    reason?: 'round_robin' | 'booking';
  };
  /** One set-based change of many contacts (bulk actions): each changed contact, and its old value. */
  'contacts.changed_in_bulk': {
    field: 'status' | 'owner';
    to: TContactStatus | number | null;
    changed: { id: number; from: string | number | null }[];
    actorId: number;
  };
  /**
   * Contacts are about to be deleted (one, a bulk action's, or every contact: `all`), in the
   * deletion's transaction: what hangs from them and must not outlive them reacts now, while
   * their rows can still be read (their tasks' reminders).
   */
  'contacts.deleting': { contactIds: number[] | 'all' };
  'contact.deleted': { contactId: number };
  'note.added': { contactId: number; noteId: number; actorId: number };
  /** A lead booked a call (the booking as the lead sees it). */
  'booking.created': { contactId: number; booking: TBooking };
  /** A booking moved; `from` is its old start. */
  'booking.rescheduled': { contactId: number; booking: TBooking; from: string };
  'booking.cancelled': { contactId: number; booking: TBooking; reason?: string };
  /** Staff recorded how a call went (its host or an admin), with a note when given. */
  'booking.outcome_recorded': {
    contactId: number;
    bookingId: number;
    hostId: number;
    startsAt: string;
    outcome: TBookingOutcome;
    /** The status before (the same outcome again carries a new note). */
    from: TBookingStatus;
    note: string | null;
    actorId: number;
  };
  /** A task was created; `actorId` null when the system made it (a missed call's follow-up). */
  'task.created': { task: TTask; actorId: number | null };
  /** A task changed; `before` is what it was of what may change. */
  'task.changed': {
    task: TTask;
    before: { title: string; dueAt: string; done: boolean; assigneeId: number };
    actorId: number;
  };
  /** A task is about to be deleted (its row still there), in the transaction that deletes it. */
  'task.deleting': { task: TTask; actorId: number };
  /**
   * A user is about to be deleted, in the transaction that deletes them: a feature that cannot
   * let them go (a host of upcoming calls) throws, and nothing is deleted.
   */
  'user.deleting': { userId: number };
  /**
   * A person's data is about to be erased (their contacts' rows still there), in the erasure's
   * transaction: a feature that must act first does (a host is told of a call called off).
   */
  'person.erasing': { contactIds: number[] };
  /**
   * A person's data was erased (an admin's request, retention, or a reapply after a restore):
   * `erasureId` is the ledger entry; nothing here names the person.
   */
  'person.erased': {
    erasureId: number;
    contactIds: number[];
    erasedAt: string;
    trigger: 'request' | 'retention' | 'reapply';
    reason: string;
    counts: TErasureCounts;
  };
  /** An admin moved the company to another time zone: what counts by day recounts in `to`. */
  'organization.time_zone_changed': { from: string; to: string };
}

export type DomainEventName = keyof DomainEvents;
