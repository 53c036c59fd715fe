import { setContactOwner } from '../contacts/contact-owner.service';
import type { Feature } from '../feature';
import { LeadRoutingMember } from './lead-routing-member.entity';
import { nextLeadOwner } from './lead-routing.sql';

/** Round-robin: a lead arriving goes to the next member of the routing pool, if there is one. */
export const leadRoutingFeature: Feature = {
  name: 'leadRouting',
  entities: [LeadRoutingMember],
  subscriptions: ({ events }) => ({
    'contact.created': [
      async (em, event) => {
        if (event.contact.ownerId !== null) return;
        const ownerId = await nextLeadOwner(em);
        if (ownerId === null) return;
        await setContactOwner(
          em,
          { id: event.contact.id, ownerId, actorId: null, reason: 'round_robin' },
          events,
        );
      },
    ],
  }),
};
