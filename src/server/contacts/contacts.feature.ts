import type { Feature } from '../feature';
import { ContactCountDelta } from './contact-count.entity';
import { compactContactCounts } from './contact-counts.sql';
import { ContactDailyDelta } from './contact-daily.entity';
import { recountContactDaily } from './contact-daily-recount.sql';
import { compactContactDaily } from './contact-stats.sql';
import { Contact } from './contact.entity';
import { seedDemoContacts } from './contacts.demo';

export const contactsFeature: Feature = {
  name: 'contacts',
  entities: [Contact, ContactCountDelta, ContactDailyDelta],
  maintenance: [
    { name: 'contactCounts', run: async (em) => (await compactContactCounts(em), 0) },
    { name: 'contactDaily', run: async (em) => (await compactContactDaily(em), 0) },
  ],
  seedDemo: seedDemoContacts,
  subscriptions: () => ({
    // The roll-up's days are the company's: a new zone recounts them before it commits.
    'organization.time_zone_changed': [(em) => recountContactDaily(em)],
    // An erased person leaves the daily counts too: their deleted contacts' deltas are folded
    // away with their additions, so no day keeps their campaign code (a personalised link).
    'person.erased': [(em) => compactContactDaily(em)],
  }),
};
