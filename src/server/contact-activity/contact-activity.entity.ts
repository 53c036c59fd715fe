import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { RECORDED_ACTIVITY_TYPES } from '../../shared/contact-activity.schema';
import { Contact } from '../contacts/contact.entity';
import { User } from '../users/user.entity';
import { PERSONAL } from '../db/personal-data';

/**
 * What happened to a contact that its row does not keep: status and owner changes (from -> to,
 * by whom) and notes. Creation, emails and webhook deliveries come from their own tables.
 */
export const ContactActivity = defineEntity({
  name: 'ContactActivity',
  tableName: 'contact_activities',
  properties: {
    id: p.integer().primary().autoincrement(),
    contact: () => p.manyToOne(Contact).deleteRule('cascade'),
    type: p.enum(RECORDED_ACTIVITY_TYPES),
    at: creationTime(),
    /** Null for the system (round-robin) or a deleted user. */
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    data: p.json<Record<string, unknown>>().groups(PERSONAL),
  },
  // A contact's timeline, newest first, straight from the index.
  indexes: [{ name: 'contact_activities_contact_at_index', properties: ['contact', 'at', 'id'] }],
});
