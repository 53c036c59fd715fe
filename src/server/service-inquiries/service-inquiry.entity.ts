import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { PRIORITIES } from '../../shared/service-inquiries.schema';
import { Contact } from '../contacts/contact.entity';
import { PERSONAL } from '../db/personal-data';

export const ServiceInquiry = defineEntity({
  name: 'ServiceInquiry',
  tableName: 'service_inquiries',
  properties: {
    id: p.integer().primary().autoincrement(),
    // Inquiries belong to a contact: removing the contact removes its inquiries.
    contact: () => p.manyToOne(Contact).fieldName('contact_id').deleteRule('cascade').index(),
    serviceType: p.string().length(50),
    priority: p.enum(PRIORITIES).default('medium').index(),
    estimatedVolume: p.string().length(200).nullable(),
    timeline: p.string().length(200).nullable(),
    budget: p.string().length(200).nullable(),
    notes: p.text().nullable().groups(PERSONAL),
    createdAt: creationTime(),
  },
});
export type IServiceInquiry = InferEntity<typeof ServiceInquiry>;
