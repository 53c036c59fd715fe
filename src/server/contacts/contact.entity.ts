import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updateTime } from '../db/timestamps';
import { CONTACT_STATUSES } from '../../shared/contacts.schema';
import { User } from '../users/user.entity';
import { PERSONAL } from '../db/personal-data';

export const Contact = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200).groups(PERSONAL),
    email: p.string().length(254).groups(PERSONAL),
    company: p.string().length(200).nullable().groups(PERSONAL),
    phone: p.string().length(50).nullable().groups(PERSONAL),
    message: p.text().nullable().groups(PERSONAL),
    source: p.string().length(50).default('website'),
    status: p.enum(CONTACT_STATUSES).default('new').index(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .index(),
    updatedAt: updateTime(),
    utmSource: p.string().length(200).nullable(),
    utmMedium: p.string().length(200).nullable(),
    utmCampaign: p.string().length(200).nullable().index(),
    utmTerm: p.string().length(200).nullable(),
    utmContent: p.string().length(200).nullable(),
    referrer: p.string().length(2000).nullable().groups(PERSONAL),
    landingPage: p.string().length(2000).nullable().groups(PERSONAL),
    firstRespondedAt: p.datetime().nullable(),
    /** The user who works this lead; a deleted user's leads become unassigned. */
    owner: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** The API's `consent` (contact-columns.ts): the privacy notice version the person was shown… */
    consentNoticeVersion: p.integer().nullable(),
    /** …whether they asked for product news… */
    marketingOptIn: p.boolean().default(false),
    /** …and when they sent it. */
    consentGivenAt: p.datetime().nullable(),
  },
  // Substring search (ILIKE '%q%') on name, email and company runs on trigram indexes.
  indexes: [
    {
      name: 'contacts_name_trgm',
      expression:
        'create index "contacts_name_trgm" on "contacts" using gin ("name" gin_trgm_ops) with (fastupdate = on)',
    },
    {
      name: 'contacts_email_trgm',
      expression:
        'create index "contacts_email_trgm" on "contacts" using gin ("email" gin_trgm_ops) with (fastupdate = on)',
    },
    {
      name: 'contacts_company_trgm',
      expression:
        'create index "contacts_company_trgm" on "contacts" using gin ("company" gin_trgm_ops) with (fastupdate = on)',
    },
    // Speed to lead reads only answered leads of the last days: a small index, not a range of all.
    {
      name: 'contacts_answered_created_at_index',
      expression:
        'create index "contacts_answered_created_at_index" on "contacts" ("created_at") where "first_responded_at" is not null',
    },
    // The key of an upsert import: the same email in any case is the same contact.
    {
      name: 'contacts_email_lower_index',
      expression: 'create index "contacts_email_lower_index" on "contacts" (lower("email"))',
    },
    // Who marketing may write to: the list filtered by the opt-in, newest first.
    {
      name: 'contacts_marketing_opt_in_index',
      expression:
        'create index "contacts_marketing_opt_in_index" on "contacts" ("id") where "marketing_opt_in"',
    },
  ],
});
export type IContact = InferEntity<typeof Contact>;
