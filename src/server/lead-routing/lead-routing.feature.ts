import { inContextOf } from '../events/event-bus';
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
      {
        all: async (em, created) => {
          for (const event of created) {
            if (event.contact.ownerId !== null) continue;
            const ownerId = await nextLeadOwner(em);
            // Round-robin is off: no later lead of the batch gets an owner either.
            if (ownerId === null) return;
            // As asked by the lead's own request (its audit entry says from where).
            await inContextOf(event, () =>
              setContactOwner(
                em,
                { id: event.contact.id, ownerId, actorId: null, reason: 'round_robin' },
                events,
              ),
            );
          }
        },
      },
    ],
  }),
};
