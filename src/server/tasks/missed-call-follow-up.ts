// A missed call leaves its host a task: follow the lead up the next working day.
import type { EntityManager } from '@mikro-orm/postgresql';
import { NO_SHOW_FOLLOW_UP } from '../../shared/booking.schema';
import type { EventBus, EventOf } from '../events/event-bus';
import { isBackOfficeUser } from '../users/user-lookup.service';
import { createTask } from './tasks.service';

const DAY_MS = 24 * 3600 * 1000;

/** A day after `from`, moved past Saturday and Sunday (UTC), at the same time of day. */
export function nextWorkingDay(from: Date): Date {
  const next = new Date(from.getTime() + DAY_MS);
  while (next.getUTCDay() === 0 || next.getUTCDay() === 6) next.setTime(next.getTime() + DAY_MS);
  return next;
}

/**
 * On a call first marked a no-show: the follow-up task about the lead, for its host (or for
 * whoever marked it, when the host cannot sign in), due the next working day.
 */
export async function followUpMissedCall(
  em: EntityManager,
  event: EventOf<'booking.outcome_recorded'>,
  events: EventBus,
  now = new Date(),
): Promise<void> {
  if (event.outcome !== 'no_show' || event.from === 'no_show') return;
  const assigneeId = (await isBackOfficeUser(em, event.hostId)) ? event.hostId : event.actorId;
  await createTask(
    em,
    {
      title: NO_SHOW_FOLLOW_UP,
      dueAt: nextWorkingDay(now).toISOString(),
      assigneeId,
      contactId: event.contactId,
    },
    event.actorId,
    events,
  );
}
