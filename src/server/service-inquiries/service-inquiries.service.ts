import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSearchHit } from '../../shared/search.schema';
import { likePattern } from '../db/sql-condition';
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

/** Up to `limit` inquiries whose contact's name or email, or notes, contain `term`, as hits. */
export async function searchInquiriesBrief(
  em: EntityManager,
  term: string,
  limit: number,
): Promise<TSearchHit[]> {
  const like = { $ilike: likePattern(term) };
  const inquiries = await em.find(
    ServiceInquiry,
    { $or: [{ contact: { name: like } }, { contact: { email: like } }, { notes: like }] },
    { populate: ['contact'], orderBy: { id: 'desc' }, limit },
  );
  return inquiries.map((i) => ({
    id: i.id,
    title: `${i.serviceType.replaceAll('_', ' ')} inquiry from ${i.contact.name}`,
    subtitle: `${i.priority} priority · ${i.contact.email}`,
  }));
}
