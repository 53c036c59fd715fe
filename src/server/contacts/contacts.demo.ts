import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from './contact.entity';

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

/** The demo leads, when the install has no contact yet. */
export async function seedDemoContacts(em: EntityManager): Promise<void> {
  if (await em.count(Contact, {})) return;
  for (const [name, email, company, phone, message, status, age] of DEMO_CONTACTS)
    em.create(Contact, {
      name,
      email,
      company,
      phone,
      message,
      status,
      source: 'website',
      createdAt: daysAgo(age),
      updatedAt: daysAgo(age),
    });
  await em.flush();
}

/** The demo leads' emails, oldest first: other features' demo rows refer to them. */
export const DEMO_CONTACT_EMAILS = DEMO_CONTACTS.map((c) => c[1]);
