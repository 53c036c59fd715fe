import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A user who takes new leads in turn (round-robin). The next lead goes to the active member
 * assigned least recently, so adding or removing someone never skips or doubles a turn.
 */
export const LeadRoutingMember = defineEntity({
  name: 'LeadRoutingMember',
  tableName: 'lead_routing_members',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    lastAssignedAt: p.datetime().nullable(),
  },
});
export type ILeadRoutingMember = InferEntity<typeof LeadRoutingMember>;
