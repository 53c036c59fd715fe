import type { Feature } from '../feature';
import { ContactActivity } from './contact-activity.entity';
import { recordBulkActivity, recordContactActivity } from './contact-activity.service';

/** The timeline: every status and owner change of a contact, as it happens. */
export const contactActivityFeature: Feature = {
  name: 'contactActivity',
  entities: [ContactActivity],
  subscriptions: () => ({
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
