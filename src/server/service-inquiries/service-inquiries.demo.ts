import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPriority } from '../../shared/service-inquiries.schema';
import { Contact } from '../contacts/contact.entity';
import { DEMO_CONTACT_EMAILS } from '../contacts/contacts.demo';
import { ServiceInquiry } from './service-inquiry.entity';

/** Demo inquiries of the demo leads (by their index in DEMO_CONTACT_EMAILS). */
export async function seedDemoInquiries(em: EntityManager): Promise<void> {
  if (await em.count(ServiceInquiry, {})) return;
  const contacts = await em.find(Contact, { email: { $in: [...DEMO_CONTACT_EMAILS] } });
  const byEmail = new Map(contacts.map((c) => [c.email, c]));
  const inquiries: [
    number,
    string,
    TPriority,
    string | null,
    string | null,
    string | null,
    string | null,
  ][] = [
    [
      0,
      'ai_inbound',
      'high',
      '1,200 calls / month',
      '2 weeks',
      '$5k-10k / month',
      'After-hours booking into Athena scheduler.',
    ],
    [1, 'ai_outbound', 'medium', '30,000 dials / month', 'Next quarter', '$10k+ / month', null],
    [
      2,
      'ai_inbound',
      'high',
      '800 leads / month',
      'ASAP',
      null,
      'Qualify budget, timeline and pre-approval.',
    ],
    [
      3,
      'ai_messaging',
      'low',
      null,
      null,
      '$2k / month',
      'Activation nudges by email for trial users.',
    ],
    [
      6,
      'workflow_automation',
      'medium',
      '5 integrations',
      '1 month',
      '$15k one-off',
      'HubSpot to dispatch sync.',
    ],
  ];
  for (const [i, serviceType, priority, estimatedVolume, timeline, budget, notes] of inquiries) {
    const contact = byEmail.get(DEMO_CONTACT_EMAILS[i]!);
    if (!contact) continue;
    em.create(ServiceInquiry, {
      contact,
      serviceType,
      priority,
      estimatedVolume,
      timeline,
      budget,
      notes,
    });
  }
  await em.flush();
}
