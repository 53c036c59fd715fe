import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TServiceInquiry,
  TServiceInquiryCreate,
  TServiceInquiryUpdate,
} from '../../shared/service-inquiries.schema';
import { contactExists, contactReference } from '../contacts/contact-lookup.service';
import { AppError } from '../errors';
import { ServiceInquiry, type IServiceInquiry } from './service-inquiry.entity';
import { patchRow } from '../db/partial-update';

export function toInquiryView(i: IServiceInquiry): TServiceInquiry {
  return {
    id: i.id,
    contactId: i.contact.id,
    serviceType: i.serviceType,
    priority: i.priority,
    estimatedVolume: i.estimatedVolume ?? null,
    timeline: i.timeline ?? null,
    budget: i.budget ?? null,
    notes: i.notes ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}

export const countServiceInquiries = (em: EntityManager) => em.count(ServiceInquiry);

export async function listServiceInquiries(em: EntityManager): Promise<TServiceInquiry[]> {
  const rows = await em.find(ServiceInquiry, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return rows.map(toInquiryView);
}

export async function createServiceInquiry(
  em: EntityManager,
  input: TServiceInquiryCreate,
): Promise<TServiceInquiry> {
  if (!(await contactExists(em, input.contactId)))
    throw new AppError(
      'BAD_REQUEST',
      `contactId: contact ${input.contactId} does not exist`,
      'contactId',
    );
  const { contactId: _contactId, ...rest } = input;
  const inquiry = em.create(ServiceInquiry, {
    ...rest,
    contact: contactReference(em, input.contactId),
  });
  await em.flush();
  return toInquiryView(inquiry);
}

export async function updateServiceInquiry(
  em: EntityManager,
  input: TServiceInquiryUpdate,
): Promise<TServiceInquiry> {
  const inquiry = await patchRow(em, ServiceInquiry, 'Service inquiry', input);
  await em.flush();
  return toInquiryView(inquiry);
}
