import { ZContactWebhookData } from '../../shared/contacts.schema';
import { webhookEvent, type Feature } from '../feature';
import { ContactCountDelta } from './contact-count.entity';
import { compactContactCounts } from './contact-counts.sql';
import { ContactDailyDelta } from './contact-daily.entity';
import { recountContactDaily } from './contact-daily-recount.sql';
import { compactContactDaily } from './contact-stats.sql';
import { Contact } from './contact.entity';
import { seedDemoContacts } from './contacts.demo';
import { getContacts } from './contacts.service';
import { eraseContacts } from './contact-erasure.sql';

export const contactsFeature: Feature = {
  name: 'contacts',
  entities: [Contact, ContactCountDelta, ContactDailyDelta],
  privacy: { erase: eraseContacts },
  maintenance: [
    { name: 'contactCounts', run: async (em) => (await compactContactCounts(em), 0) },
    { name: 'contactDaily', run: async (em) => (await compactContactDaily(em), 0) },
  ],
  seedDemo: seedDemoContacts,
  webhooks: [
    // A contact arriving, by any way but an import: its body is the contact as it now is, with
    // the owner routing may have given it, read once for a group commit's leads.
    webhookEvent({
      type: 'contact.created',
      label: 'Contact created (the website form, the API or typed in by staff: see contact.source)',
      version: 1,
      data: ZContactWebhookData,
      on: 'contact.created',
      bodies: async (em, events) =>
        (
          await getContacts(
            em,
            events.map((e) => e.contact.id),
          )
        ).map((contact) => ({ contactId: contact.id, data: { contact } })),
    }),
    webhookEvent({
      type: 'contact.status_changed',
      label: 'Contact status changed',
      version: 1,
      data: ZContactWebhookData,
      on: 'contact.status_changed',
      bodies: async (_em, events) =>
        events.map(({ contact }) => ({ contactId: contact.id, data: { contact } })),
    }),
  ],
  subscriptions: () => ({
    // The roll-up's days are the company's: a new zone recounts them before it commits.
    'organization.time_zone_changed': [(em) => recountContactDaily(em)],
    // An erased person leaves the daily counts too: their deleted contacts' deltas are folded
    // away with their additions, so no day keeps their campaign code (a personalised link).
    'person.erased': [(em) => compactContactDaily(em)],
  }),
};
