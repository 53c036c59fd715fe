import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactBulk, TContactBulkResult } from '../../shared/contacts-bulk.schema';
import type { EventBus } from '../events/event-bus';
import { mergeContactSearchIndexes } from './contact-search-index.sql';
import { bulkTargetSql } from './contact-filter.sql';
import {
  deleteContactsWithIds,
  targetedContactIds,
  updateTargetedContacts,
} from './contacts-bulk.sql';
import { requireAssignableUser } from './contact-owner.service';

/**
 * One statement per action over the picked ids or everything matching the list's filter, inside
 * one transaction: 50,000 contacts change together or not at all. A status or owner change
 * publishes contacts.changed_in_bulk with each changed contact's old value (the timeline records
 * them in one statement). `affected` counts the contacts that really changed (or were deleted).
 * Bulk changes send no per-contact webhooks, as the CSV import sends none: they are
 * housekeeping, not leads arriving.
 */
export async function runContactBulkAction(
  em: EntityManager,
  input: TContactBulk,
  actorId: number,
  events: EventBus,
): Promise<TContactBulkResult> {
  return em.transactional(async (tem) => {
    const target = bulkTargetSql(input, actorId);
    if (input.action === 'delete') {
      const ids = await targetedContactIds(tem, target);
      if (ids.length) await events.publish(tem, 'contacts.deleting', { contactIds: ids });
      return { affected: await deleteContactsWithIds(tem, ids) };
    }
    const change =
      input.action === 'set_status'
        ? { field: 'status' as const, to: input.status ?? null }
        : { field: 'owner' as const, to: input.ownerId ?? null };
    if (change.field === 'owner' && change.to !== null)
      await requireAssignableUser(tem, Number(change.to));
    const changed = await updateTargetedContacts(tem, target, change.field, change.to);
    await mergeContactSearchIndexes(tem);
    if (changed.length)
      await events.publish(tem, 'contacts.changed_in_bulk', { ...change, changed, actorId });
    return { affected: changed.length };
  });
}
