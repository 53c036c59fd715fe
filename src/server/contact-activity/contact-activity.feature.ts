import type { Feature } from '../feature';
import { ContactActivity } from './contact-activity.entity';
import { recordBulkActivity, recordContactActivity } from './contact-activity.service';
import { activityExport } from './activity-export.sql';

/**
 * The timeline: every corrected field, status and owner change, booked call and task (created, done,
 * reassigned) of a contact, as it happens.
 */
export const contactActivityFeature: Feature = {
  name: 'contactActivity',
  entities: [ContactActivity],
  privacy: { export: [activityExport] },
  subscriptions: () => ({
    'contact.fields_changed': [
      (em, { contactId, changes, actorId }) =>
        recordContactActivity(em, {
          contactId,
          type: 'fields_changed',
          actorId,
          data: { changes: changes.map((change) => ({ ...change })) },
        }).then(() => undefined),
    ],
    'contact.status_changed': [
      (em, { contact, from, actorId }) =>
        recordContactActivity(em, {
          contactId: contact.id,
          type: 'status_changed',
          actorId,
          data: { from, to: contact.status },
        }).then(() => undefined),
    ],
    'contact.owner_changed': [
      (em, { contactId, from, to, actorId, reason }) =>
        recordContactActivity(em, {
          contactId,
          type: 'owner_changed',
          actorId,
          data: { from, to, ...(reason ? { reason } : {}) },
        }).then(() => undefined),
    ],
    'booking.created': [
      (em, { contactId, booking }) =>
        recordContactActivity(em, {
          contactId,
          type: 'booking_created',
          actorId: null,
          data: { bookingId: booking.id, startsAt: booking.startsAt, host: booking.host.name },
        }).then(() => undefined),
    ],
    'booking.rescheduled': [
      (em, { contactId, booking, from }) =>
        recordContactActivity(em, {
          contactId,
          type: 'booking_rescheduled',
          actorId: null,
          data: {
            bookingId: booking.id,
            from,
            startsAt: booking.startsAt,
            host: booking.host.name,
          },
        }).then(() => undefined),
    ],
    'booking.cancelled': [
      (em, { contactId, booking, reason }) =>
        recordContactActivity(em, {
          contactId,
          type: 'booking_cancelled',
          actorId: null,
          data: {
            bookingId: booking.id,
            startsAt: booking.startsAt,
            ...(reason ? { reason } : {}),
          },
        }).then(() => undefined),
    ],
    'booking.outcome_recorded': [
      (em, { contactId, bookingId, outcome, note, actorId }) =>
        recordContactActivity(em, {
          contactId,
          type: 'call_outcome',
          actorId,
          data: { bookingId, outcome, ...(note ? { note } : {}) },
        }).then(() => undefined),
    ],
    'task.created': [
      async (em, { task, actorId }) => {
        if (!task.contact) return;
        await recordContactActivity(em, {
          contactId: task.contact.id,
          type: 'task_created',
          actorId,
          data: {
            taskId: task.id,
            title: task.title,
            dueAt: task.dueAt,
            assigneeId: task.assignee.id,
          },
        });
      },
    ],
    'task.changed': [
      async (em, { task, before, actorId }) => {
        if (!task.contact) return;
        const about = { contactId: task.contact.id, actorId };
        const named = { taskId: task.id, title: task.title };
        if (task.done && !before.done)
          await recordContactActivity(em, { ...about, type: 'task_done', data: named });
        if (task.assignee.id !== before.assigneeId)
          await recordContactActivity(em, {
            ...about,
            type: 'task_reassigned',
            data: { ...named, from: before.assigneeId, to: task.assignee.id },
          });
      },
    ],
    'contacts.changed_in_bulk': [
      (em, { field, to, changed, actorId }) =>
        recordBulkActivity(
          em,
          field === 'status' ? 'status_changed' : 'owner_changed',
          to,
          changed,
          actorId,
        ),
    ],
  }),
};
