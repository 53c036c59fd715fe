import type { EntityManager } from '@mikro-orm/postgresql';
import { Campaign } from '../../campaigns/campaign.entity';
import { Contact } from '../../contacts/contact.entity';
import type { TPriority } from '../../../shared/service-inquiries.schema';
import { ServiceInquiry } from '../../service-inquiries/service-inquiry.entity';

const daysAgo = (n: number, hour = 10) => new Date(Date.now() - n * 86_400_000 + hour * 60_000);

const DEMO_CONTACTS = [
  [
    'Maya Patel',
    'maya.patel@northwind-health.com',
    'Northwind Health',
    '+1 415 555 0110',
    'We run 40 clinics and miss a third of inbound calls after 5pm. Can your voice agent book appointments into our scheduler?',
    'new',
    1,
  ],
  [
    'Daniel Okafor',
    'd.okafor@brightpath.io',
    'BrightPath Software',
    '+1 312 555 0184',
    'Looking to replace our SDR outbound dialing for mid-market accounts. 15 reps today.',
    'contacted',
    3,
  ],
  [
    'Sofia Lindqvist',
    'sofia@keystone-realty.com',
    'Keystone Realty',
    '+1 206 555 0142',
    'Need lead vetting for Zillow leads: qualify budget and timeline before agents call back.',
    'qualified',
    6,
  ],
  [
    'Marcus Chen',
    'marcus.chen@ledgerly.com',
    'Ledgerly',
    null,
    'Interested in AI email follow-up for trial users who never activate.',
    'converted',
    9,
  ],
  [
    'Priya Raman',
    'priya@harborlaw.com',
    'Harbor Law Group',
    '+1 617 555 0199',
    'Intake calls for personal injury cases. Must be compliant and warm in tone.',
    'new',
    0,
  ],
  [
    'Jonas Weber',
    'jonas.weber@solarix.de',
    'Solarix Energy',
    '+49 30 5555 0123',
    'Outbound campaign to 20k homeowners who requested quotes last year.',
    'contacted',
    12,
  ],
  [
    'Amara Nwosu',
    'amara@fieldstack.co',
    'FieldStack',
    null,
    'Workflow automation between HubSpot, Calendly and our dispatch system.',
    'qualified',
    15,
  ],
  [
    'Ethan Brooks',
    'ethan.brooks@summitfit.com',
    'Summit Fitness',
    '+1 720 555 0107',
    'Text follow-up for free-trial signups across 12 gyms.',
    'new',
    2,
  ],
] as const;

/** Demo content for a fresh install: a few contacts, inquiries and campaigns to click through. */
export async function seedDemoData(em: EntityManager): Promise<void> {
  if (await em.count(Contact, {})) return;
  await em.transactional(async (tem) => {
    const contacts = DEMO_CONTACTS.map(([name, email, company, phone, message, status, age]) =>
      tem.create(Contact, {
        name,
        email,
        company,
        phone,
        message,
        status,
        source: 'website',
        createdAt: daysAgo(age),
        updatedAt: daysAgo(age),
      }),
    );
    await tem.flush();
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
      tem.create(ServiceInquiry, {
        contact: contacts[i]!,
        serviceType,
        priority,
        estimatedVolume,
        timeline,
        budget,
        notes,
      });
    }
    const campaigns = [
      [
        'Q4 Reactivation Calls',
        'voice',
        'active',
        'Dormant leads from 2025',
        'appointments',
        1200,
        'Voice agent re-engages leads who went quiet in the last 12 months.',
      ],
      [
        'Trial Activation Emails',
        'email',
        'active',
        'Free-trial signups',
        'conversions',
        300,
        'Five-touch email sequence for new trial users.',
      ],
      [
        'LinkedIn Thought Leadership',
        'social',
        'paused',
        'VP Sales, 200-2000 employees',
        'impressions',
        50000,
        'Weekly posts on speed-to-lead benchmarks.',
      ],
      [
        'Speed-to-Lead Report',
        'content',
        'completed',
        'Sales leaders',
        'downloads',
        2500,
        'Gated benchmark report.',
      ],
      [
        'Spring Webinar Invites',
        'email',
        'draft',
        'All customers',
        'registrations',
        400,
        'Invite sequence for the spring product webinar.',
      ],
    ] as const;
    for (const [
      name,
      type,
      status,
      targetAudience,
      goalMetric,
      goalValue,
      description,
    ] of campaigns) {
      tem.create(Campaign, {
        name,
        type,
        status,
        targetAudience,
        goalMetric,
        goalValue,
        description,
      });
    }
  });
}
