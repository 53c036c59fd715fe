import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPriority } from '../../shared/service-inquiries.schema';
import { demoContacts } from '../contacts/contact-lookup.service';
import { ServiceInquiry } from './service-inquiry.entity';

/** Demo inquiries of the demo leads (by their index in contacts.demo.ts). */
export async function seedDemoInquiries(em: EntityManager): Promise<void> {
  if (await em.count(ServiceInquiry, {})) return;
  const contacts = await demoContacts(em);
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
    const contact = contacts[i];
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
