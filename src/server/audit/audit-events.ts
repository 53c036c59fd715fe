// The audit as a subscriber of the domain events: a write that publishes one is filed from it,
// in its transaction, whoever made it (a visitor's lead and booking too, with no actor). Every
// event is listed, so a new one cannot be left out of the audit without saying why.
import type { TAuditAction, TAuditEntityType } from '../../shared/audit.schema';
import type { DomainEventName } from '../domain-events';
import {
  inContextOf,
  type BatchSubscriber,
  type EventOf,
  type Subscriptions,
} from '../events/event-bus';
import { currentAuditScope, filedKey, setValues, type AuditChanges } from './audit-context';
import { recordAudits, type AuditRecord } from './audit.service';

/** What one event files. */
interface AuditFact {
  action: TAuditAction;
  entity: TAuditEntityType;
  id: number;
  changes: AuditChanges;
}

type FactOf<E extends DomainEventName> = (event: EventOf<E>) => AuditFact;

/** Each event's entry, or why it files none. */
const FACTS: { [E in DomainEventName]: FactOf<E> | { notAudited: string } } = {
  'contact.created': ({ contact }) => ({
    action: 'create',
    entity: 'contact',
    id: contact.id,
    changes: { source: { to: contact.source } },
  }),
  'contact.fields_changed': ({ contactId, changes }) => ({
    action: 'update',
    entity: 'contact',
    id: contactId,
    changes: Object.fromEntries(changes.map(({ field, from, to }) => [field, { from, to }])),
  }),
  'contact.status_changed': ({ contact, from }) => ({
    action: 'update_status',
    entity: 'contact',
    id: contact.id,
    changes: { status: { from, to: contact.status } },
  }),
  'contact.owner_changed': ({ contactId, from, to, reason }) => ({
    action: 'set_owner',
    entity: 'contact',
    id: contactId,
    changes: { owner: { from, to }, ...(reason ? { reason: { to: reason } } : {}) },
  }),
  'contacts.changed_in_bulk': {
    notAudited:
      'the bulk request files one entry naming its filter and action, not one per contact',
  },
  'contacts.deleting': {
    notAudited: "the deletion files its own entry (contact.deleted, or the request's)",
  },
  'contact.deleted': ({ contactId }) => ({
    action: 'delete',
    entity: 'contact',
    id: contactId,
    changes: {},
  }),
  'note.added': ({ contactId, noteId }) => ({
    action: 'add_note',
    entity: 'contact',
    id: contactId,
    changes: { note: { to: noteId } },
  }),
  'booking.created': ({ booking }) => ({
    action: 'book',
    entity: 'booking',
    id: booking.id,
    changes: { startsAt: { to: booking.startsAt }, host: { to: booking.host.name } },
  }),
  'booking.rescheduled': ({ booking, from }) => ({
    action: 'reschedule',
    entity: 'booking',
    id: booking.id,
    changes: { startsAt: { from, to: booking.startsAt } },
  }),
  'booking.cancelled': ({ booking, reason }) => ({
    action: 'cancel',
    entity: 'booking',
    id: booking.id,
    changes: { status: { to: 'cancelled' }, ...(reason ? { reason: { to: reason } } : {}) },
  }),
  'booking.outcome_recorded': ({ bookingId, outcome, note }) => ({
    action: 'record_outcome',
    entity: 'booking',
    id: bookingId,
    changes: { status: { to: outcome }, ...(note ? { note: { to: note } } : {}) },
  }),
  'task.created': ({ task }) => ({
    action: 'create',
    entity: 'task',
    id: task.id,
    changes: {
      title: { to: task.title },
      dueAt: { to: task.dueAt },
      assignee: { to: task.assignee.id },
      ...(task.contact ? { contact: { to: task.contact.id } } : {}),
    },
  }),
  'task.changed': ({ task, before }) => ({
    action: 'update',
    entity: 'task',
    id: task.id,
    changes: Object.fromEntries(
      (
        [
          ['title', before.title, task.title],
          ['dueAt', before.dueAt, task.dueAt],
          ['done', before.done, task.done],
          ['assignee', before.assigneeId, task.assignee.id],
        ] as const
      )
        .filter(([, from, to]) => from !== to)
        .map(([field, from, to]) => [field, { from, to }]),
    ),
  }),
  'task.deleting': ({ task }) => ({
    action: 'delete',
    entity: 'task',
    id: task.id,
    changes: { title: { from: task.title } },
  }),
  'user.deleting': { notAudited: "the user's delete files its own entry when it goes through" },
  'person.erasing': { notAudited: 'the erasure files one entry when it is done (person.erased)' },
  'person.erased': ({ erasureId, trigger, reason, counts }) => ({
    action: 'erase',
    entity: 'person',
    id: erasureId,
    changes: setValues({ trigger, reason, ...counts }),
  }),
  'organization.time_zone_changed': {
    notAudited: 'the settings change is audited by its procedure, with the zone before and after',
  },
};

/** Every domain event: FACTS must name each (with its entry or why it has none). */
export const ALL_EVENT_NAMES = Object.keys(FACTS) as DomainEventName[];

/** The entry of `fact`, with the writer of the current request (none outside one: a job, a task). */
function entryOf(fact: AuditFact): AuditRecord {
  const scope = currentAuditScope();
  scope?.filed.add(filedKey(fact.entity, String(fact.id)));
  return {
    actor: scope?.actor ?? null,
    action: fact.action,
    entityType: fact.entity,
    entityId: fact.id,
    changes: Object.keys(fact.changes).length ? fact.changes : null,
    ip: scope?.ip ?? null,
    userAgent: scope?.userAgent ?? null,
  };
}

/**
 * Files the events' entries in one insert, each with the request it came from (its own writer,
 * IP and user agent, though a group commit stores several requests' leads together).
 */
function subscriberOf<E extends DomainEventName>(fact: FactOf<E>): BatchSubscriber<E> {
  return {
    all: (em, events) =>
      recordAudits(
        em,
        events.map((event) => inContextOf(event, () => entryOf(fact(event)))),
      ),
  };
}

/** The audit's subscriptions: one per audited event. */
export function auditSubscriptions(): Subscriptions {
  const subscriptions: Subscriptions = {};
  for (const name of ALL_EVENT_NAMES) {
    const fact = FACTS[name];
    if (typeof fact === 'function')
      (subscriptions as Record<string, unknown>)[name] = [subscriberOf(fact as FactOf<never>)];
  }
  return subscriptions;
}
