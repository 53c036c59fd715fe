import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** A user who takes new leads in turn (round-robin; see nextLeadOwner). */
export const LeadRoutingMember = defineEntity({
  name: 'LeadRoutingMember',
  tableName: 'lead_routing_members',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
  },
});
